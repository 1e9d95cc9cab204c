/** An OpenAI-compatible chat-completions request, as far as the eval reads it. */
export interface ChatCompletionsBody {
  readonly model: string;
  readonly messages: readonly ChatCompletionsMessage[];
  readonly tools?: readonly ChatCompletionsTool[];
  readonly tool_choice?: unknown;
  readonly stream?: boolean;
  /** `include_usage`: the streamed answer ends with a chunk carrying the usage. */
  readonly stream_options?: { readonly include_usage?: boolean };
}

export interface ChatCompletionsTool {
  readonly type: 'function';
  readonly function: {
    readonly name: string;
    readonly description?: string;
    readonly parameters?: unknown;
  };
}

export interface ChatCompletionsToolCall {
  readonly id: string;
  readonly type: 'function';
  readonly function: { readonly name: string; readonly arguments: string };
}

export interface ChatCompletionsMessage {
  readonly role: 'system' | 'user' | 'assistant' | 'tool';
  /** A string, or (some providers, user messages) an array of content parts. */
  readonly content?:
    | string
    | readonly { readonly type: string; readonly text?: string }[]
    | null;
  readonly tool_calls?: readonly ChatCompletionsToolCall[];
  readonly tool_call_id?: string;
}

/** One answer of a model step: text, or tool calls (the host runs them and asks again). */
export interface ModelAnswer {
  readonly text?: string;
  readonly toolCalls?: readonly {
    readonly name: string;
    readonly arguments: unknown;
    /** The call's id; default `call_<n>`. */
    readonly id?: string;
  }[];
  /**
   * The usage the endpoint reports for this answer, as OpenAI does when the request asks for it
   * (`stream_options.include_usage`): prompt tokens, of them the ones read from its prompt cache
   * (`prompt_tokens_details.cached_tokens`), and completion tokens. Default: no usage.
   */
  readonly usage?: {
    readonly promptTokens: number;
    readonly cachedTokens?: number;
    readonly completionTokens: number;
  };
}

/** The text of a message's content, whichever shape it came in. */
export function messageText(message: ChatCompletionsMessage): string {
  const { content } = message;
  if (content === undefined || content === null) return '';
  if (typeof content === 'string') return content;
  return content.map((part) => part.text ?? '').join('');
}
