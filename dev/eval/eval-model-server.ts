import type {
  ChatCompletionsBody,
  ModelAnswer,
} from '../chat-completions/chat-completions';
import {
  ChatCompletionsServer,
  type RecordedRequest,
  type UpstreamEndpoint,
} from '../chat-completions/chat-completions-server';

export type { RecordedRequest, UpstreamEndpoint };

/** Where the answers of a turn come from. */
export interface TurnResponder {
  /** Runs before request `requestIndex` (from 0) is answered: a scenario's mid-turn event. */
  readonly beforeRequest?: (requestIndex: number) => Promise<void>;
  /** A scripted persona's answer; absent: the request is forwarded to the real endpoint. */
  readonly answer?: (body: ChatCompletionsBody) => ModelAnswer;
}

/**
 * The host's model endpoint during the eval: the loopback chat-completions server, answering
 * each turn with its scripted persona or forwarding to the real endpoint, so the host always
 * runs its real `@ai-sdk/openai-compatible` provider path and every request is recorded.
 */
export class EvalModelServer {
  private constructor(private readonly server: ChatCompletionsServer) {}

  static async start(upstream?: UpstreamEndpoint): Promise<EvalModelServer> {
    return new EvalModelServer(
      await ChatCompletionsServer.start(async () => undefined, upstream),
    );
  }

  /** `AI_BASE_URL` for the host. */
  get baseUrl(): string {
    return this.server.baseUrl;
  }

  /** Starts a turn: forgets the requests recorded so far and answers with `responder` from now on. */
  startTurn(responder: TurnResponder): void {
    this.server.clearRequests();
    this.server.answerWith(async (body, requestIndex) => {
      await responder.beforeRequest?.(requestIndex);
      return responder.answer?.(body);
    });
  }

  /** The requests of the current turn, in order. */
  get requests(): readonly RecordedRequest[] {
    return this.server.requests;
  }

  close(): Promise<void> {
    return this.server.close();
  }
}
