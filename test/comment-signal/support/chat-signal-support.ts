import {
  FastifyAdapter,
  type NestFastifyApplication,
} from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import type { LanguageModel } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import type { Kysely } from 'kysely';
import { AppModule } from '../../../host/app.module';
import type { AppConfig } from '../../../host/config/app-config';
import type { DB } from '../../../src/database';
import { insertComment } from './comment-signal-fixtures';
import { CHAT_MODEL_FACTORY, type ChatModelFactory } from '../../../host/chat';
import type { ToolCallContext } from '../../../src/registry/tool-call-context';
import type { ToolRegistry } from '../../../src/registry/tool-registry';

export interface AppWithModelOptions {
  readonly db: Kysely<DB>;
  readonly config: AppConfig;
  /** Every chat turn of the app talks to this model instead of the configured endpoint. */
  readonly model: LanguageModel;
}

/**
 * The real AppModule (AiToolsModule with the comment signal, chat, MCP) with only the chat's
 * model factory replaced, set up as `createApp` sets it up (`/api` prefix, `/mcp` bare).
 */
export async function createAppWithModel(
  options: AppWithModelOptions,
): Promise<NestFastifyApplication> {
  const factory: ChatModelFactory = () => options.model;
  const moduleRef = await Test.createTestingModule({
    imports: [AppModule.forRoot({ db: options.db, config: options.config })],
  })
    .overrideProvider(CHAT_MODEL_FACTORY)
    .useValue(factory)
    .compile();
  const app = moduleRef.createNestApplication<NestFastifyApplication>(
    new FastifyAdapter(),
    { logger: false },
  );
  app.setGlobalPrefix('api', { exclude: ['mcp'] });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}

/**
 * `model` with an async hook run before each call is answered (`callIndex` from 0): what a
 * test does there happens strictly between two steps of the turn. Calls are recorded in
 * `doStreamCalls` of the returned model.
 */
export function withHookBeforeCall(
  model: MockLanguageModelV3,
  hook: (callIndex: number) => Promise<void>,
): MockLanguageModelV3 {
  let callIndex = 0;
  return new MockLanguageModelV3({
    doStream: async (options) => {
      await hook(callIndex++);
      return model.doStream(options);
    },
  });
}

export interface HumanComment {
  readonly pageId: string;
  readonly creatorId: string;
  readonly text: string;
}

/**
 * A comment as Docmost's editor writes it for a person: `created_source` is left to the
 * column default ('user') and `ai_chat_id` empty. Committed when this returns.
 */
export function insertHumanComment(
  db: Kysely<DB>,
  comment: HumanComment,
): Promise<string> {
  return insertComment(db, comment);
}

/**
 * What the executor alone returns for `rawInput` (parsed as the surfaces parse it), with no
 * interceptor around it: the reference for "byte-identical to a result without the signal".
 */
export async function callExecutorDirectly(
  registry: ToolRegistry,
  name: string,
  rawInput: unknown,
  context: ToolCallContext,
): Promise<unknown> {
  const bound = registry.get(name);
  if (bound === undefined) throw new Error(`tool ${name} is not bound`);
  const parsed = await registry.parseInput(bound, rawInput);
  if (!parsed.success)
    throw new Error(`input of ${name} is invalid: ${parsed.error.message}`);
  return bound.executor(
    parsed.input as Parameters<typeof bound.executor>[0],
    context,
  );
}

/** Resolves with the first defined value `read` yields, polling until `timeoutMs` runs out. */
export async function pollFor<T>(
  read: () => Promise<T | undefined>,
  timeoutMs = 5000,
  intervalMs = 20,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() >= deadline)
      throw new Error(`nothing to read after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
