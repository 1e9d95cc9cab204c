import type { LoggerService, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import {
  FastifyAdapter,
  type NestFastifyApplication,
} from '@nestjs/platform-fastify';
import type { Kysely } from 'kysely';
import { AppModule } from './app.module';
import { authenticateBeforeBody } from './auth/authenticate-before-body';
import { parseLargeJsonBodiesInTurn } from './http/large-json-bodies';
import type { AppConfig } from './config/app-config';
import type { DB } from '../src';
import type { ChatModelFactory } from './chat/chat-model';
import { serveWebApp } from './web/serve-web-app';

export interface CreateAppOptions {
  /** The open database; the caller closes it after `app.close()`. */
  readonly db: Kysely<DB>;
  readonly config: AppConfig;
  /** Nest's logger; default: Nest's console logger. Tests pass `false`. */
  readonly logger?: LoggerService | LogLevel[] | false;
  /** The chat's language model; default: the OpenAI-compatible endpoint of `AI_*` (the demo passes a scripted one). */
  readonly chatModelFactory?: ChatModelFactory;
  /**
   * The URL `db` connects to: the comment signal opens its own two-connection pool there, so
   * each new-comment count is one round trip. Without it the count runs on `db` in a transaction.
   */
  readonly databaseUrl?: string;
}

/**
 * Whole-page ProseMirror JSON (updatePageJson over MCP, imports) can exceed Fastify's 1 MiB
 * default; 10 MiB still bounds what one request can make the server parse.
 */
const BODY_LIMIT_BYTES = 10 * 1024 * 1024;

/**
 * Builds the reference host without listening: `main.ts` listens on PORT, integration tests
 * call `init()` and `inject()`. Routes live under `/api`, except `/mcp` (Streamable HTTP
 * clients are configured with that bare path).
 *
 * Shutdown hooks are not enabled here: whoever owns the process (main.ts) handles SIGINT and
 * SIGTERM and calls `app.close()`, which runs the same lifecycle hooks, and then closes the
 * database. Nest's own signal handler would re-raise the signal before the database is closed.
 */
export async function createApp(
  options: CreateAppOptions,
): Promise<NestFastifyApplication> {
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot({
      db: options.db,
      config: options.config,
      chatModelFactory: options.chatModelFactory,
      databaseUrl: options.databaseUrl,
    }),
    new FastifyAdapter({ bodyLimit: BODY_LIMIT_BYTES }),
    {
      logger: options.logger ?? undefined,
      abortOnError: false,
      // JSON bodies are read as text by the host's own parser (parseLargeJsonBodiesInTurn).
      bodyParser: false,
    },
  );
  app.setGlobalPrefix('api', { exclude: ['mcp'] });
  authenticateBeforeBody(app.getHttpAdapter().getInstance(), options.db);
  parseLargeJsonBodiesInTurn(app.getHttpAdapter().getInstance());
  serveWebApp(app.getHttpAdapter().getInstance());
  return app;
}
