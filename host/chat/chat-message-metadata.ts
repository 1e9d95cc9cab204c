/*
 * What the chat route's UI message stream carries besides the AI SDK's own parts: the assistant
 * message's metadata and its data parts. Shared by the server and the web app (host/web/app),
 * which imports them as types only; so no imports here.
 */

/** What one chat turn sent the model, for the client to show beside the answer. */
export interface TurnFigures {
  /** Model calls of the turn (one per step). */
  readonly modelRequests: number;
  /** Tokens of the tool definitions sent, summed over the turn's model calls (o200k_base). */
  readonly toolTokens: number;
  /** Tools sent on the turn's last model call. */
  readonly toolsActive: number;
}

/** A `[signal]` line the model read with a tool result. */
export interface SeenSignal {
  readonly toolCallId: string;
  readonly toolName: string;
  readonly line: string;
}

/**
 * The assistant message's metadata: on the `start` chunk the chat's id (so a client learns the
 * id of a chat it just created) and the model answering; on the `finish` chunk the turn's
 * figures. Clients merge the two.
 */
export interface ChatMessageMetadata {
  readonly chatId: string;
  readonly model?: {
    readonly id: string;
    /** True for the scripted agent the host runs without a configured model. */
    readonly scripted: boolean;
  };
  readonly figures?: TurnFigures & {
    /** Whether the workspace's deferred tools were on for the turn. */
    readonly deferredTools: boolean;
  };
}

/**
 * Data parts of the assistant message: `signal`, a `[signal]` line the model read with a tool
 * result (the tool parts themselves carry the raw outputs, without it).
 */
// A type, not an interface: the AI SDK wants data types assignable to Record<string, unknown>.
export type ChatDataParts = {
  readonly signal: SeenSignal;
};
