import { extractText } from '../../src/document';
import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/database';
import { HostCollaboration } from '../../host/collaboration';
import { CollaborationPages } from '../../src/collaboration';
import { openLiveEditor, type LiveEditor } from '../collaboration/live-editor';
import { percentile, summarizeLatencies, type LiveLatency } from './latency';
import {
  closeServer,
  listeningCollaboration,
  liveToolRegistry,
} from './live-page-bench-setup';

function arrival(editor: LiveEditor, text: string): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (extractText(editor.document()).includes(text)) {
        editor.doc.off('update', check);
        resolve();
      }
    };
    editor.doc.on('update', check);
    check();
  });
}

/**
 * An agent edit through an instance that is not where the editor is: two collaboration servers
 * of the reference host (A and B, each on its own loopback port) on one database and one Redis,
 * an editor on A, the agent a client of B's `/collab`; from the call to the change arriving in
 * the editor's document (B's copy merges it, Redis carries it to A, A sends it to the editor).
 * Both servers run in this process, so the figure is the protocol's cost, not two machines'.
 */
export async function measureNonOwnerEdit(options: {
  readonly db: Kysely<DB>;
  readonly redisUrl: string;
  readonly ownerToken: string;
  readonly pageId: string;
  readonly runs?: number;
}): Promise<LiveLatency> {
  const runs = options.runs ?? 50;
  const a = new HostCollaboration({
    db: options.db,
    redisUrl: options.redisUrl,
  });
  const b = new HostCollaboration({
    db: options.db,
    redisUrl: options.redisUrl,
  });
  const [onA, onB] = await Promise.all([
    listeningCollaboration(a),
    listeningCollaboration(b),
  ]);
  const pages = new CollaborationPages(b.pages);
  const { registry, context } = liveToolRegistry(
    options.db,
    pages,
    'bench-cluster',
  );
  const editor = await openLiveEditor({
    url: onA.url,
    pageId: options.pageId,
    token: options.ownerToken,
  });
  const samples: number[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const arrived = arrival(editor, `marker-${run + 1} `);
      const started = performance.now();
      await registry.call(
        'editPageText',
        {
          pageId: options.pageId,
          find: `marker-${run} `,
          replace: `marker-${run + 1} `,
        },
        context,
      );
      await arrived;
      samples.push(performance.now() - started);
    }
  } finally {
    editor.close();
    await pages.close();
    await Promise.all([a.close(), b.close()]);
    await Promise.all([closeServer(onA.server), closeServer(onB.server)]);
  }
  const sorted = [...samples].sort((left, right) => left - right);
  return {
    ...summarizeLatencies(samples),
    p99Ms: Math.round(percentile(sorted, 99) * 1000) / 1000,
  };
}
