import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChatCompletionsBody, ModelAnswer } from './chat-completions';
import { EvalError } from './eval-error';

/** One chat-completions request the host sent during a turn. */
export interface RecordedRequest {
  /** The body as sent, parsed: what "input tokens sent" counts. */
  readonly body: ChatCompletionsBody;
}

/** Where the answers of a turn come from. */
export interface TurnResponder {
  /** Runs before request `requestIndex` (from 0) is answered: a scenario's mid-turn event. */
  readonly beforeRequest?: (requestIndex: number) => Promise<void>;
  /** A scripted persona's answer; absent: the request is forwarded to the real endpoint. */
  readonly answer?: (body: ChatCompletionsBody) => ModelAnswer;
}

/** A real OpenAI-compatible endpoint (`AI_BASE_URL`, `AI_API_KEY`, `AI_MODEL`). */
export interface UpstreamEndpoint {
  readonly baseUrl: string;
  readonly apiKey?: string;
}

function sseChunk(delta: unknown, finishReason: string | null = null): string {
  const payload = {
    id: 'chatcmpl-eval',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'scripted-persona',
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
  return `data: ${JSON.stringify(payload)}\n\n`;
}

/**
 * The host's model endpoint during the eval, on a loopback port: every request the host sends
 * passes here and is recorded, then answered by the scripted persona of the turn
 * (streamed as chat-completions chunks) or forwarded to the real endpoint and streamed back.
 * So the host always runs its real `@ai-sdk/openai-compatible` provider path.
 */
export class EvalModelServer {
  private readonly server: Server;
  private recorded: RecordedRequest[] = [];
  private responder: TurnResponder = {};
  private callCounter = 0;

  private constructor(private readonly upstream: UpstreamEndpoint | undefined) {
    this.server = createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        if (!response.headersSent)
          response.writeHead(502, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            error: {
              message: `eval model server: ${error instanceof Error ? error.message : String(error)}`,
            },
          }),
        );
      });
    });
  }

  static async start(upstream?: UpstreamEndpoint): Promise<EvalModelServer> {
    const modelServer = new EvalModelServer(upstream);
    await new Promise<void>((resolve) =>
      modelServer.server.listen(0, '127.0.0.1', resolve),
    );
    return modelServer;
  }

  /** `AI_BASE_URL` for the host. */
  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  /** Starts a turn: forgets the requests recorded so far and answers with `responder` from now on. */
  startTurn(responder: TurnResponder): void {
    this.recorded = [];
    this.responder = responder;
  }

  /** The requests of the current turn, in order. */
  get requests(): readonly RecordedRequest[] {
    return this.recorded;
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
    this.recorded.push({ body });
    const responder = this.responder;
    await responder.beforeRequest?.(index);
    if (responder.answer !== undefined) {
      this.stream(response, responder.answer(body));
      return;
    }
    await this.forward(raw, response);
  }

  private stream(response: ServerResponse, answer: ModelAnswer): void {
    response.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
    });
    response.write(sseChunk({ role: 'assistant', content: answer.text ?? '' }));
    const calls = answer.toolCalls ?? [];
    calls.forEach((toolCall, index) => {
      const id = `call_${++this.callCounter}`;
      response.write(
        sseChunk({
          tool_calls: [
            {
              index,
              id,
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
    response.end('data: [DONE]\n\n');
  }

  private async forward(raw: string, response: ServerResponse): Promise<void> {
    if (this.upstream === undefined)
      throw new EvalError(
        'no scripted persona for this turn and no AI_BASE_URL to forward to',
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
