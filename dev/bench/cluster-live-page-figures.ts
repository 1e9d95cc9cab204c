import { extractText } from '../../src/document';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/database';
import {
  COLLABORATION_PATH,
  HostCollaboration,
} from '../../host/collaboration';
import { SEED_IDS } from '../../host/seed/seed-ids';
import { CollaborationPages } from '../../src/collaboration';
import { createToolRegistry } from '../../src/registry/create-tool-registry';
import type { ToolCallContext } from '../../src/registry/tool-call-context';
import { createDocmostExecutors } from '../../src/tools/docmost-executors';
import { TOOL_DEFINITIONS } from '../../src/tools/tool-definitions';
import { openLiveEditor, type LiveEditor } from '../collaboration/live-editor';
import { percentile, summarizeLatencies, type LiveLatency } from './latency';

async function listening(collaboration: HostCollaboration): Promise<{
  readonly server: Server;
  readonly url: string;
}> {
  const server = createServer();
  collaboration.attach(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}${COLLABORATION_PATH}`,
  };
}

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
  const [onA, onB] = await Promise.all([listening(a), listening(b)]);
  const pages = new CollaborationPages(b.pages);
  const registry = createToolRegistry({
    specs: TOOL_DEFINITIONS,
    executors: createDocmostExecutors(options.db, {
      livePages: pages,
      pageWriter: pages.pageWriter(),
    }),
    logger: { warn: () => undefined },
  });
  const context: ToolCallContext = {
    userId: SEED_IDS.users.owner,
    workspaceId: SEED_IDS.workspace,
    surface: 'chat',
    sessionId: 'bench-cluster',
  };
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
    await Promise.all(
      [onA.server, onB.server].map(
        (server) => new Promise((resolve) => server.close(resolve)),
      ),
    );
  }
  const sorted = [...samples].sort((left, right) => left - right);
  return {
    ...summarizeLatencies(samples),
    p99Ms: Math.round(percentile(sorted, 99) * 1000) / 1000,
  };
}
