import { asDocument, extractText } from '../../../src/document';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { sql } from 'kysely';
import {
  seedDemoWorkspace,
  type SeedResult,
} from '../../../host/seed/seed-demo-workspace';
import { SEED_IDS } from '../../../host/seed/seed-ids';
import {
  openLiveEditor,
  type LiveEditor,
} from '../../../dev/collaboration/live-editor';
import type { YXmlElement, YXmlText } from '../../../src/collaboration/yjs';
import {
  startRedisServer,
  type RedisServerUnderTest,
} from '../../support/redis-server';
import {
  startServer,
  type ServerUnderTest,
} from '../../support/server-under-test';
import {
  createTestDatabase,
  type TestDatabase,
} from '../../support/test-database';

/** What an agent's MCP tool call answered. */
export interface AgentAnswer {
  readonly isError: boolean;
  readonly text: string;
}

/** One instance of the cluster: `npm start` with the shared database and Redis. */
export interface Instance {
  readonly server: ServerUnderTest;
  readonly collabUrl: string;
  /** Calls a tool as the owner's agent over this instance's `/mcp`. */
  call(name: string, args: Record<string, unknown>): Promise<AgentAnswer>;
  /** Opens a page in an editor on this instance's `/collab`, as the owner. */
  openEditor(pageId: string): Promise<LiveEditor>;
}

export interface Cluster {
  readonly database: TestDatabase;
  readonly redis: RedisServerUnderTest;
  readonly seed: SeedResult;
  readonly a: Instance;
  readonly b: Instance;
  /** The owner's bearer token. */
  readonly token: string;
  /** `pages.text_content` as stored now. */
  storedText(pageId: string): Promise<string>;
  /** Closes every editor opened so far (so none is left reconnecting to a killed instance). */
  closeEditors(): void;
  close(): Promise<void>;
}

/**
 * Two reference hosts (`npm start` as child processes) on one PostgreSQL and one real
 * redis-server, as a load-balanced Docmost runs: A and B, each with its `/collab` and `/mcp`.
 * Stores wait `debounceMs` (3 s by default: typing stays unsaved for the time a test reads it,
 * and is stored soon after).
 */
export async function startCluster({
  debounceMs = 3000,
}: { readonly debounceMs?: number } = {}): Promise<Cluster> {
  const database = await createTestDatabase();
  const seed = await seedDemoWorkspace(database.db);
  let redis: RedisServerUnderTest | undefined;
  const servers: ServerUnderTest[] = [];
  try {
    redis = await startRedisServer();
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      COLLAB_DEBOUNCE_MS: String(debounceMs),
      COLLAB_MAX_DEBOUNCE_MS: String(debounceMs * 2),
    };
    // One after the other: two compiling at once on a busy machine took longer than both.
    for (let index = 0; index < 2; index++)
      servers.push(await startServer(env, { startupTimeoutMs: 120_000 }));
  } catch (error) {
    await Promise.allSettled(servers.map((server) => server.stop()));
    await redis?.stop();
    await database.drop();
    throw error;
  }
  const [serverA, serverB] = servers as [ServerUnderTest, ServerUnderTest];
  const token = seed.users.find(
    (user) => user.id === SEED_IDS.users.owner,
  )!.token;
  const editors = new Set<LiveEditor>();
  const clients: Client[] = [];
  async function instance(server: ServerUnderTest): Promise<Instance> {
    const client = new Client({ name: 'cluster-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
    clients.push(client);
    const collabUrl = `${server.baseUrl.replace(/^http/, 'ws')}/collab`;
    return {
      server,
      collabUrl,
      async call(name, args) {
        const result = await client.callTool({ name, arguments: args });
        return {
          isError: result.isError === true,
          text: (result.content as { text: string }[])
            .map((part) => part.text)
            .join('\n'),
        };
      },
      async openEditor(pageId) {
        const editor = await openLiveEditor({ url: collabUrl, pageId, token });
        editors.add(editor);
        return editor;
      },
    };
  }
  const [a, b] = await Promise.all([instance(serverA), instance(serverB)]);
  return {
    database,
    seed,
    redis,
    a,
    b,
    token,
    async storedText(pageId) {
      const row = await database.db
        .selectFrom('pages')
        .select('content')
        .where('id', '=', pageId)
        .executeTakeFirstOrThrow();
      return extractText(asDocument(row.content));
    },
    closeEditors() {
      for (const editor of editors) editor.close();
      editors.clear();
    },
    async close() {
      for (const editor of editors) editor.close();
      await Promise.allSettled(clients.map((client) => client.close()));
      await Promise.all([serverA.stop(), serverB.stop()]);
      await redis.stop();
      await database.drop();
    },
  };
}

/** A document of paragraphs with the given texts (block ids `block<n>`, padded to 12 letters). */
export function paragraphs(...texts: readonly string[]) {
  return {
    type: 'doc',
    content: texts.map((text, index) => ({
      type: 'paragraph',
      attrs: { id: `blockabcdef${String.fromCharCode(97 + index)}` },
      content: [{ type: 'text', text }],
    })),
  };
}

/** Replaces a page's stored document (no editor has it open yet). */
export async function setPage(
  database: TestDatabase,
  pageId: string,
  document: unknown,
): Promise<void> {
  await database.db
    .updateTable('pages')
    .set({
      content: sql`${JSON.stringify(document)}::jsonb`,
      textContent: extractText(asDocument(document)),
      ydoc: null,
      updatedAt: sql<Date>`clock_timestamp()`,
    })
    .where('id', '=', pageId)
    .execute();
}

/** The text of the editor's `index`-th top-level paragraph. */
export function textOf(editor: LiveEditor, index: number): YXmlText {
  return (editor.fragment.get(index) as YXmlElement).get(0) as YXmlText;
}

/** Resolves once `check` holds after one of the editor's document updates (or already does). */
export function whenEditorHas(
  editor: LiveEditor,
  check: () => boolean,
  timeoutMs = 5000,
): Promise<void> {
  return whenEditorsHave([editor], check, timeoutMs);
}

/** Resolves once `check` holds after an update of any of the editors (or already does). */
export function whenEditorsHave(
  editors: readonly LiveEditor[],
  check: () => boolean,
  timeoutMs = 5000,
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (check()) return resolve();
    const stop = () => {
      clearTimeout(timer);
      for (const editor of editors) editor.doc.off('update', onUpdate);
    };
    const timer = setTimeout(() => {
      stop();
      reject(
        new Error(`the editors did not reach the state within ${timeoutMs} ms`),
      );
    }, timeoutMs);
    const onUpdate = () => {
      if (!check()) return;
      stop();
      resolve();
    };
    for (const editor of editors) editor.doc.on('update', onUpdate);
  });
}
