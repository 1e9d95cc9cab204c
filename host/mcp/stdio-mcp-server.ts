import { randomUUID } from 'node:crypto';
import type { LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Kysely } from 'kysely';
import {
  AiToolsModule,
  type ToolCallContext,
  TOOL_REGISTRY,
  type ToolRegistry,
} from '../../src';
import type { DB } from '../../src';
import { authenticateBearer } from '../auth/authenticate-bearer';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { createMcpServer } from './create-mcp-server';

export interface StdioMcpServerOptions {
  /** The open database; the caller closes it after `close()`. */
  readonly db: Kysely<DB>;
  /** A user's API token (as `npm run seed` prints them): every tool call acts as that user. */
  readonly token: string;
  /** Origin of share and stash links. */
  readonly publicBaseUrl: string;
  /** The comment signal's debounce, as on the HTTP surfaces. */
  readonly commentSignalDebounceMs?: number;
  /** Nest's logger: it must never write to stdout, which carries the protocol. */
  readonly logger: LoggerService | false;
}

export interface StdioMcpServer {
  readonly user: AuthenticatedUser;
  readonly server: McpServer;
  /** Serves the session on `transport` (stdin/stdout in the CLI) until it closes. */
  connect(transport: Transport): Promise<void>;
  close(): Promise<void>;
}

/**
 * One MCP session over stdio, for clients that launch their servers as a subprocess (desktop
 * assistants, IDEs). The same registry, executors and comment signal as `POST /mcp`, built
 * from the module without an HTTP server; the whole process is one session of one user.
 */
export async function createStdioMcpServer(
  options: StdioMcpServerOptions,
): Promise<StdioMcpServer> {
  // Authenticated before anything else starts, so a bad token fails fast and alone.
  const user = await authenticateBearer(options.db, `Bearer ${options.token}`);
  const app = await NestFactory.createApplicationContext(
    AiToolsModule.forRoot({
      db: options.db,
      publicBaseUrl: options.publicBaseUrl,
      ...(options.commentSignalDebounceMs === undefined
        ? {}
        : { commentSignal: { debounceMs: options.commentSignalDebounceMs } }),
    }),
    { logger: options.logger, abortOnError: false },
  );
  const registry = app.get<ToolRegistry>(TOOL_REGISTRY);
  const context: ToolCallContext = {
    userId: user.userId,
    workspaceId: user.workspaceId,
    surface: 'mcp',
    sessionId: randomUUID(),
    sessionStartedAt: new Date(),
  };
  const server = createMcpServer({ registry, context });
  return {
    user,
    server,
    connect: (transport) => server.connect(transport),
    async close() {
      await server.close().catch(() => undefined);
      await app.close();
    },
  };
}
