import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/** One chat-completions request as the stub received it. */
export interface RecordedRequest {
  /** The body exactly as sent (for byte comparisons). */
  readonly raw: string;
  readonly body: ChatCompletionsBody;
}

export interface ChatCompletionsBody {
  readonly model: string;
  readonly messages: readonly ChatCompletionsMessage[];
  readonly tools?: readonly {
    readonly type: 'function';
    readonly function: { readonly name: string; readonly description?: string };
  }[];
  readonly tool_choice?: unknown;
  readonly stream?: boolean;
}

export interface ChatCompletionsMessage {
  readonly role: 'system' | 'user' | 'assistant' | 'tool';
  readonly content?: string | null;
  readonly tool_calls?: readonly {
    readonly id: string;
    readonly type: 'function';
    readonly function: { readonly name: string; readonly arguments: string };
  }[];
  readonly tool_call_id?: string;
}

/** One scripted answer: text, or tool calls (the model wants tool results next). */
export interface StubAnswer {
  readonly text?: string;
  readonly toolCalls?: readonly {
    readonly name: string;
    readonly arguments: unknown;
    readonly id?: string;
  }[];
}

/** A function entry may be async: the stub answers only once it settles (a test can act "between steps"). */
export type StubScriptEntry =
  | StubAnswer
  | ((body: ChatCompletionsBody) => StubAnswer | Promise<StubAnswer>);

/**
 * The structural rules OpenAI enforces on a conversation (it answers 400 otherwise): every tool
 * message answers a tool call of the assistant message before it, and every tool call gets its
 * answer before the next assistant or user message. Tool calls of tools absent from `tools`
 * are allowed in history, which is what deferred tools rely on.
 */
export function conversationProblem(
  messages: readonly ChatCompletionsMessage[],
): string | undefined {
  let open = new Set<string>();
  for (const [index, message] of messages.entries()) {
    if (message.role === 'tool') {
      if (
        message.tool_call_id === undefined ||
        !open.has(message.tool_call_id)
      ) {
        return `messages[${index}]: tool message answers no preceding tool call (${message.tool_call_id})`;
      }
      open.delete(message.tool_call_id);
      continue;
    }
    if (open.size > 0)
      return `messages[${index}]: tool calls ${[...open].join(', ')} have no tool message`;
    if (message.role === 'assistant' && message.tool_calls !== undefined)
      open = new Set(message.tool_calls.map((call) => call.id));
  }
  return open.size > 0
    ? `tool calls ${[...open].join(', ')} have no tool message`
    : undefined;
}

function chunk(delta: unknown, finishReason: string | null = null): string {
  const payload = {
    id: 'chatcmpl-stub',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'stub-model',
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
  return `data: ${JSON.stringify(payload)}\n\n`;
}

let callCounter = 0;

function streamAnswer(response: ServerResponse, answer: StubAnswer): void {
  response.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
  });
  response.write(chunk({ role: 'assistant', content: answer.text ?? '' }));
  const calls = answer.toolCalls ?? [];
  calls.forEach((call, index) => {
    response.write(
      chunk({
        tool_calls: [
          {
            index,
            id: call.id ?? `call_${++callCounter}`,
            type: 'function',
            function: {
              name: call.name,
              arguments: JSON.stringify(call.arguments),
            },
          },
        ],
      }),
    );
  });
  response.write(chunk({}, calls.length > 0 ? 'tool_calls' : 'stop'));
  response.end('data: [DONE]\n\n');
}

/**
 * A local OpenAI-compatible chat-completions endpoint: answers streaming requests from a
 * script (then "Done."), checks the conversation rules OpenAI checks, and records every body.
 */
export class OpenAiStubServer {
  readonly requests: RecordedRequest[] = [];
  private script: StubScriptEntry[] = [];
  private readonly server: Server;

  private constructor() {
    this.server = createServer(
      (request, response) => void this.handle(request, response),
    );
  }

  static async start(): Promise<OpenAiStubServer> {
    const stub = new OpenAiStubServer();
    await new Promise<void>((resolve) =>
      stub.server.listen(0, '127.0.0.1', resolve),
    );
    return stub;
  }

  /** `AI_BASE_URL` of this stub. */
  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  /** Replaces the script and forgets recorded requests. */
  reset(script: StubScriptEntry[]): void {
    this.script = [...script];
    this.requests.length = 0;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const part of request) chunks.push(part as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
      response.writeHead(404).end();
      return;
    }
    const body = JSON.parse(raw) as ChatCompletionsBody;
    this.requests.push({ raw, body });
    const problem = conversationProblem(body.messages);
    if (problem !== undefined) {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          error: { message: problem, type: 'invalid_request_error' },
        }),
      );
      return;
    }
    const entry = this.script.shift() ?? { text: 'Done.' };
    streamAnswer(
      response,
      typeof entry === 'function' ? await entry(body) : entry,
    );
  }
}
