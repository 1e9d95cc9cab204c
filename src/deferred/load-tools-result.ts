import type { JSONSchema7 } from 'ai';

/** A deferred tool's definition as the model needs it to call the tool. */
export interface LoadedToolDefinition {
  readonly name: string;
  readonly description?: string;
  /** The model-facing JSON Schema of its input, as the tools array would carry it. */
  readonly parameters: JSONSchema7;
}

/** What `loadTools` reports back to the model. */
export interface LoadToolsResult {
  readonly loaded: readonly string[];
  /** Names that were already callable (core, or loaded earlier in this turn); absent if none. */
  readonly alreadyActive?: readonly string[];
  /** `in-conversation` loading: the full definitions of the deferred tools named, to call them by. */
  readonly definitions?: readonly LoadedToolDefinition[];
}

/** A direct call of an unloaded deferred tool that repair rewrote into a `loadTools` call. */
export interface RepairedToolCall {
  readonly toolName: string;
  readonly input: string;
}

/**
 * The part of a turn's deferred-tools state that the `loadTools` tool drives (`ChatTurn` is the
 * one implementation): its own file, so the tool and the turn do not import each other.
 */
export interface ToolLoadingTurn {
  /** Activates the named deferred tools for the rest of the turn. */
  activate(names: readonly string[]): LoadToolsResult;
  /** The direct call that repair turned into this `loadTools` call, if it was one (once). */
  takeRepairedCall(toolCallId: string): RepairedToolCall | undefined;
  /** The result with the definitions the model needs to call what it names (`in-conversation` loading). */
  withDefinitions(result: LoadToolsResult): Promise<LoadToolsResult>;
  /** Counts one `loadTools` call of the model's own (not one repair made for it). */
  countLoadToolsCall(): void;
}
