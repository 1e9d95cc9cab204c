import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/database';
import {
  COLLABORATION_PATH,
  type HostCollaboration,
} from '../../host/collaboration';
import { SEED_IDS } from '../../host/seed/seed-ids';
import type { CollaborationPages } from '../../src/collaboration';
import { createToolRegistry } from '../../src/registry/create-tool-registry';
import type { ToolCallContext } from '../../src/registry/tool-call-context';
import type { ToolRegistry } from '../../src/registry/tool-registry';
import { createDocmostExecutors } from '../../src/tools/docmost-executors';
import { TOOL_DEFINITIONS } from '../../src/tools/tool-definitions';

/** A collaboration server of the reference host on a loopback port, and its `/collab` URL. */
export async function listeningCollaboration(
  collaboration: HostCollaboration,
): Promise<{ readonly server: Server; readonly url: string }> {
  const server = createServer();
  collaboration.attach(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}${COLLABORATION_PATH}`,
  };
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

/** The 41 tools over live pages, as the seed's owner calls them in one session. */
export function liveToolRegistry(
  db: Kysely<DB>,
  pages: CollaborationPages,
  sessionId: string,
): { readonly registry: ToolRegistry; readonly context: ToolCallContext } {
  return {
    registry: createToolRegistry({
      specs: TOOL_DEFINITIONS,
      executors: createDocmostExecutors(db, {
        livePages: pages,
        pageWriter: pages.pageWriter(),
      }),
      logger: { warn: () => undefined },
    }),
    context: {
      userId: SEED_IDS.users.owner,
      workspaceId: SEED_IDS.workspace,
      surface: 'chat',
      sessionId,
    },
  };
}
