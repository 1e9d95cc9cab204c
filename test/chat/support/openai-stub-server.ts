import type {
  ChatCompletionsBody,
  ChatCompletionsMessage,
  ModelAnswer,
} from '../../../dev/chat-completions/chat-completions';
import {
  ChatCompletionsServer,
  conversationProblem,
  type RecordedRequest,
} from '../../../dev/chat-completions/chat-completions-server';

export type {
  ChatCompletionsBody,
  ChatCompletionsMessage,
  RecordedRequest,
  ModelAnswer as StubAnswer,
};
export { conversationProblem };

/** A function entry may be async: the stub answers only once it settles (a test can act "between steps"). */
export type StubScriptEntry =
  | ModelAnswer
  | ((body: ChatCompletionsBody) => ModelAnswer | Promise<ModelAnswer>);

/**
 * The chat tests' model: the loopback chat-completions server answering from a script (then
 * "Done."), with OpenAI's conversation checks, recording every body.
 */
export class OpenAiStubServer {
  private script: StubScriptEntry[] = [];

  private constructor(private readonly server: ChatCompletionsServer) {
    server.answerWith(async (body) => {
      const entry = this.script.shift() ?? { text: 'Done.' };
      return typeof entry === 'function' ? entry(body) : entry;
    });
  }

  static async start(): Promise<OpenAiStubServer> {
    return new OpenAiStubServer(
      await ChatCompletionsServer.start(async () => undefined),
    );
  }

  /** `AI_BASE_URL` of this stub. */
  get baseUrl(): string {
    return this.server.baseUrl;
  }

  /** Every request since the last `reset`, in order. */
  get requests(): readonly RecordedRequest[] {
    return this.server.requests;
  }

  /** Replaces the script and forgets recorded requests. */
  reset(script: StubScriptEntry[]): void {
    this.script = [...script];
    this.server.clearRequests();
  }

  close(): Promise<void> {
    return this.server.close();
  }
}
