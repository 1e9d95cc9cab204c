import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  ChatCompletionsBody,
  ChatCompletionsMessage,
  ModelAnswer,
} from './chat-completions';

/** One chat-completions request as the server received it. */
export interface RecordedRequest {
  /** The body exactly as sent (for byte comparisons). */
  readonly raw: string;
  readonly body: ChatCompletionsBody;
}

/**
 * Where the answer to request `requestIndex` (from 0 since the requests were last cleared) comes
 * from; undefined: forward the request to the upstream endpoint.
 */
export type AnswerSource = (
  body: ChatCompletionsBody,
  requestIndex: number,
) => Promise<ModelAnswer | undefined>;

/** A real OpenAI-compatible endpoint (`AI_BASE_URL`, `AI_API_KEY`) to forward to. */
export interface UpstreamEndpoint {
  readonly baseUrl: string;
  readonly apiKey?: string;
}

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

function sseChunk(delta: unknown, finishReason: string | null = null): string {
  const payload = {
    id: 'chatcmpl-loopback',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'loopback-model',
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
  return `data: ${JSON.stringify(payload)}\n\n`;
}

/** OpenAI's last chunk of a stream asked for its usage: no choices, the usage. */
function usageChunk(usage: NonNullable<ModelAnswer['usage']>): string {
  const payload = {
    id: 'chatcmpl-loopback',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'loopback-model',
    choices: [],
    usage: {
      prompt_tokens: usage.promptTokens,
      completion_tokens: usage.completionTokens,
      total_tokens: usage.promptTokens + usage.completionTokens,
      ...(usage.cachedTokens === undefined
        ? {}
        : { prompt_tokens_details: { cached_tokens: usage.cachedTokens } }),
    },
  };
  return `data: ${JSON.stringify(payload)}\n\n`;
}

/**
 * An OpenAI-compatible chat-completions endpoint on a loopback port, standing in for the model
 * of a host that runs its real `@ai-sdk/openai-compatible` provider path: it records every
 * request, refuses a conversation OpenAI would refuse (400), and answers each request from its
 * answer source (streamed as chat-completions chunks) or forwards it to a real endpoint and
 * streams that answer back. The chat tests script it; the eval puts its personas behind it.
 */
export class ChatCompletionsServer {
  private readonly server: Server;
  private recorded: RecordedRequest[] = [];
  private callCounter = 0;

  private constructor(
    private answerSource: AnswerSource,
    private readonly upstream: UpstreamEndpoint | undefined,
  ) {
    this.server = createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        if (!response.headersSent)
          response.writeHead(502, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            error: {
              message: `loopback model server: ${error instanceof Error ? error.message : String(error)}`,
            },
          }),
        );
      });
    });
  }

  static async start(
    answerSource: AnswerSource,
    upstream?: UpstreamEndpoint,
  ): Promise<ChatCompletionsServer> {
    const modelServer = new ChatCompletionsServer(answerSource, upstream);
    await new Promise<void>((resolve) =>
      modelServer.server.listen(0, '127.0.0.1', resolve),
    );
    return modelServer;
  }

  /** `AI_BASE_URL` of this endpoint. */
  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  /** The requests since the last `clearRequests`, in order. */
  get requests(): readonly RecordedRequest[] {
    return this.recorded;
  }

  /** Forgets the recorded requests; the next one has index 0. */
  clearRequests(): void {
    this.recorded = [];
  }

  /** Answers from `answerSource` from now on. */
  answerWith(answerSource: AnswerSource): void {
    this.answerSource = answerSource;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
      response.writeHead(404).end();
      return;
    }
    const body = JSON.parse(raw) as ChatCompletionsBody;
    const index = this.recorded.length;
    this.recorded.push({ raw, body });
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
    const answer = await this.answerSource(body, index);
    if (answer === undefined) await this.forward(raw, response);
    else
      this.stream(
        response,
        answer,
        body.stream_options?.include_usage === true,
      );
  }

  private stream(
    response: ServerResponse,
    answer: ModelAnswer,
    includeUsage: boolean,
  ): void {
    response.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
    });
    response.write(sseChunk({ role: 'assistant', content: answer.text ?? '' }));
    const calls = answer.toolCalls ?? [];
    calls.forEach((toolCall, index) => {
      response.write(
        sseChunk({
          tool_calls: [
            {
              index,
              id: toolCall.id ?? `call_${++this.callCounter}`,
              type: 'function',
              function: {
                name: toolCall.name,
                arguments: JSON.stringify(toolCall.arguments),
              },
            },
          ],
        }),
      );
    });
    response.write(sseChunk({}, calls.length > 0 ? 'tool_calls' : 'stop'));
    if (includeUsage && answer.usage !== undefined)
      response.write(usageChunk(answer.usage));
    response.end('data: [DONE]\n\n');
  }

  private async forward(raw: string, response: ServerResponse): Promise<void> {
    if (this.upstream === undefined)
      throw new Error(
        'no scripted answer for this request and no upstream endpoint (AI_BASE_URL) to forward it to',
      );
    const url = `${this.upstream.baseUrl.replace(/\/+$/, '')}/chat/completions`;
    const upstream = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.upstream.apiKey === undefined
          ? {}
          : { authorization: `Bearer ${this.upstream.apiKey}` }),
      },
      body: raw,
    });
    response.writeHead(upstream.status, {
      'content-type':
        upstream.headers.get('content-type') ?? 'application/json',
    });
    if (upstream.body === null) {
      response.end();
      return;
    }
    for await (const chunk of upstream.body as unknown as AsyncIterable<Uint8Array>)
      response.write(chunk);
    response.end();
  }
}
