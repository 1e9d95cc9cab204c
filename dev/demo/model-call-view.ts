import type { ModelCallOptions } from '../../host/chat/model-call-options';
import {
  readToolResultOutput,
  type ReadToolResult,
} from '../../host/chat/tool-result-output';

export type { ModelCallOptions };

/** One tool result as the model read it. */
export interface SeenToolResult extends ReadToolResult {
  readonly toolCallId: string;
  readonly toolName: string;
}

/** The tools, system prompt and tool results one model step was sent. */
export interface ModelCallView {
  readonly system: string;
  /** Names of the function tools sent, in the order sent. */
  readonly activeToolNames: readonly string[];
  /** `'none'` on the final step, when the chat locks tools down. */
  readonly toolChoice: string | undefined;
  /** Every tool result in the prompt, oldest first. */
  readonly results: readonly SeenToolResult[];
}

/** Reads what one model step was sent. */
export function viewModelCall(options: ModelCallOptions): ModelCallView {
  const systemMessage = options.prompt.find(
    (message) => message.role === 'system',
  );
  const results: SeenToolResult[] = [];
  for (const message of options.prompt) {
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type !== 'tool-result') continue;
      results.push({
        toolCallId: part.toolCallId,
        toolName: part.toolName,
        ...readToolResultOutput(part.output),
      });
    }
  }
  return {
    system: systemMessage?.role === 'system' ? systemMessage.content : '',
    activeToolNames: (options.tools ?? []).map((tool) => tool.name),
    toolChoice: options.toolChoice?.type,
    results,
  };
}
