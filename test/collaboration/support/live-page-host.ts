import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadAppConfig } from '../../../host/config/app-config';
import { createApp } from '../../../host/create-app';
import {
  HOST_COLLABORATION,
  type HostCollaboration,
} from '../../../host/collaboration';
import { seedDemoWorkspace } from '../../../host/seed/seed-demo-workspace';
import { SEED_IDS } from '../../../host/seed/seed-ids';
import {
  Y,
  type YDoc,
  type YXmlFragment,
} from '../../../src/collaboration/yjs';
import { TOOL_REGISTRY } from '../../../src/registry/tool-registry.token';
import type { ToolRegistry } from '../../../src/registry/tool-registry';
import { contextFor, type SeedUser } from '../../support/seeded-tools';
import {
  createTestDatabase,
  type TestDatabase,
} from '../../support/test-database';
import {
  openLiveEditor,
  type LiveEditor,
} from '../../../dev/collaboration/live-editor';

/** One editor with a page open: a real provider over a WebSocket, with its own Yjs document. */
export type Editor = LiveEditor;

export interface LivePageHost {
  readonly database: TestDatabase;
  readonly app: NestFastifyApplication;
  readonly collaboration: HostCollaboration;
  readonly registry: ToolRegistry;
  readonly url: string;
  /** Opens `pageId` in an editor as `user` (default the owner) and waits for its first sync. */
  openEditor(pageId: string, user?: SeedUser): Promise<Editor>;
  /** Calls a tool as `user` in a chat turn, through the host's registry. */
  call<Output = any>(
    name: string,
    input: unknown,
    user?: SeedUser,
  ): Promise<Output>;
  close(): Promise<void>;
}

/**
 * The reference host with its collaboration server, listening on a loopback port, over a
 * seeded database of its own; editors are `@hocuspocus/provider` clients over `ws`. Stores are
 * quick (`debounceMs`, default 200 ms) so specs can see what reaches `pages.content`.
 */
export async function startLivePageHost(
  options: {
    readonly debounceMs?: number;
    readonly maxDebounceMs?: number;
    /** More of the host's environment (e.g. `COLLAB_DISABLE_REDIS`). */
    readonly env?: Readonly<Record<string, string>>;
  } = {},
): Promise<LivePageHost> {
  const database = await createTestDatabase();
  const seed = await seedDemoWorkspace(database.db);
  const tokens = new Map(seed.users.map((user) => [user.id, user.token]));
  const config = loadAppConfig({
    COLLAB_DEBOUNCE_MS: String(options.debounceMs ?? 200),
    COLLAB_MAX_DEBOUNCE_MS: String(options.maxDebounceMs ?? 1000),
    ...options.env,
  });
  const app = await createApp({ db: database.db, config, logger: false });
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  const url = `ws://127.0.0.1:${address.port}/collab`;
  const registry = app.get<ToolRegistry>(TOOL_REGISTRY);
  const editors = new Set<Editor>();
  return {
    database,
    app,
    collaboration: app.get<HostCollaboration>(HOST_COLLABORATION),
    registry,
    url,
    async openEditor(pageId, user = 'owner') {
      const opened = await openLiveEditor({
        url,
        pageId,
        token: tokens.get(SEED_IDS.users[user])!,
      });
      const editor: Editor = {
        ...opened,
        close: () => {
          editors.delete(editor);
          opened.close();
        },
      };
      editors.add(editor);
      return editor;
    },
    async call(name, input, user = 'owner') {
      return (await registry.call(name, input, contextFor(user)))
        .output as never;
    },
    async close() {
      for (const editor of [...editors]) editor.close();
      await app.close();
      await database.drop();
    },
  };
}

/** Waits until `check` holds, polling every 10 ms, for at most `timeoutMs`. */
export async function eventually(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 5000,
  what = 'the condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline)
      throw new Error(`${what} did not hold within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
