import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Kysely } from 'kysely';
import type { LanguageModel } from 'ai';
import type { AiConfig } from '../../../host/config/app-config';
import type { DB } from '../../../src/database';
import {
  ChatModule,
  TOOL_REGISTRY,
  type ChatModelFactory,
} from '../../../host/chat';
import { createToolRegistry } from '../../../src/registry/create-tool-registry';
import type { ToolCallContext } from '../../../src/registry/tool-call-context';
import type { ToolExecutor } from '../../../src/registry/tool-spec';
import type { ToolRegistry } from '../../../src/registry/tool-registry';
import { TOOL_DEFINITIONS } from '../../../src/tools/tool-definitions';
import { AiToolsSettingsModule } from '../../../src/settings';
import { createTestHost } from './create-test-host';
import {
  parseUiMessageStream,
  type UiMessageChunk,
} from '../../../dev/host-chat/ui-message-stream';

/** One call of an echo executor. */
export interface EchoCall {
  readonly name: string;
  readonly input: unknown;
  readonly context: ToolCallContext;
}

/** Every tool of the definitions, bound to an executor that echoes its input (and records the call). */
export function createEchoRegistry(calls: EchoCall[] = []): ToolRegistry {
  const executors: Record<string, ToolExecutor> = {};
  for (const spec of TOOL_DEFINITIONS) {
    executors[spec.name] = async (input, context) => {
      calls.push({ name: spec.name, input, context });
      return { tool: spec.name, input };
    };
  }
  return createToolRegistry({
    specs: TOOL_DEFINITIONS,
    executors: executors as never,
    logger: { warn: () => undefined },
  });
}

export interface ChatTestHostOptions {
  readonly db: Kysely<DB>;
  readonly registry: ToolRegistry;
  /** Default: the production factory (reads `ai`). */
  readonly modelFactory?: ChatModelFactory;
  readonly ai?: Partial<AiConfig>;
}

export async function createChatTestHost(
  options: ChatTestHostOptions,
): Promise<NestFastifyApplication> {
  const { app } = await createTestHost({
    db: options.db,
    // The chat specs test tool-list loading; in-conversation is src/deferred/tool-loading.spec.ts
    // and the whole chats of test/bench/chat-cache.spec.ts.
    ai: { toolLoading: 'tool-list', ...options.ai },
    imports: [
      AiToolsSettingsModule,
      ChatModule.forRoot({
        registryProvider: {
          provide: TOOL_REGISTRY,
          useValue: options.registry,
        },
        ...(options.modelFactory === undefined
          ? {}
          : { modelFactory: options.modelFactory }),
      }),
    ],
  });
  return app;
}

/** A factory that hands out whichever model the test set last. */
export function switchableModelFactory(): {
  factory: ChatModelFactory;
  use(model: LanguageModel): void;
} {
  let current: LanguageModel | undefined;
  return { factory: () => current, use: (model) => void (current = model) };
}

export interface ChatResponse {
  readonly statusCode: number;
  readonly headers: Record<string, unknown>;
  readonly body: string;
  /** The UI message stream chunks (empty for JSON errors). */
  readonly chunks: UiMessageChunk[];
}

export async function postChat(
  app: NestFastifyApplication,
  token: string,
  body: unknown,
): Promise<ChatResponse> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/ai/chat',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    },
    payload: JSON.stringify(body),
  });
  const isStream = String(response.headers['content-type'] ?? '').startsWith(
    'text/event-stream',
  );
  return {
    statusCode: response.statusCode,
    headers: response.headers,
    body: response.body,
    chunks: isStream ? parseUiMessageStream(response.body) : [],
  };
}
