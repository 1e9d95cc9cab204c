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

/**
 * Resolves when `editor`'s document holds `text`; rejects after `timeoutMs`, so a change that
 * never reaches the other instance fails the figure instead of hanging the bench.
 */
function arrival(
  editor: LiveEditor,
  text: string,
  timeoutMs: number,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      editor.doc.off('update', check);
      reject(
        new Error(
          `"${text.trim()}" did not reach the editor on instance A within ${timeoutMs} ms: the instances do not share the page (is Redis shared?)`,
        ),
      );
    }, timeoutMs);
    const check = () => {
      if (extractText(editor.document()).includes(text)) {
        clearTimeout(timer);
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
  /** A page whose text holds `marker-0 ` (each run replaces `marker-N ` with `marker-N+1 `). */
  readonly pageId: string;
  /** Default 50. */
  readonly runs?: number;
  /** How long one change may take to reach the editor before the figure fails; default 10 000 ms. */
  readonly arrivalTimeoutMs?: number;
}): Promise<LiveLatency> {
  const runs = options.runs ?? 50;
  const arrivalTimeoutMs = options.arrivalTimeoutMs ?? 10_000;
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
      const arrived = arrival(editor, `marker-${run + 1} `, arrivalTimeoutMs);
      // Awaited below; a failed edit must not leave its rejection unhandled meanwhile.
      arrived.catch(() => undefined);
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
