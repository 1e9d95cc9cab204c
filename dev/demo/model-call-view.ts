import type { ModelCallOptions } from '../../host/chat/model-call-options';

export type { ModelCallOptions };

type PromptMessage = ModelCallOptions['prompt'][number];
type ToolResultOutput = Extract<
  Extract<PromptMessage, { role: 'tool' }>['content'][number],
  { type: 'tool-result' }
>['output'];

const SIGNAL_PREFIX = '[signal]';

/** One tool result as the model read it. */
export interface SeenToolResult {
  readonly toolCallId: string;
  readonly toolName: string;
  /** The result's main text: a string as is, JSON stringified, or an error message. */
  readonly text: string;
  /** `[signal] …` lines that came with the result as extra content elements. */
  readonly signals: readonly string[];
  readonly isError: boolean;
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

function isSignal(text: string): boolean {
  return text.startsWith(SIGNAL_PREFIX);
}

/** Splits a tool result into its main text and the signal lines appended to it. */
export function readToolResultOutput(
  output: ToolResultOutput,
): Pick<SeenToolResult, 'text' | 'signals' | 'isError'> {
  switch (output.type) {
    case 'text':
      return { text: output.value, signals: [], isError: false };
    case 'json':
      return {
        text: JSON.stringify(output.value),
        signals: [],
        isError: false,
      };
    case 'error-text':
      return { text: output.value, signals: [], isError: true };
    case 'error-json':
      return { text: JSON.stringify(output.value), signals: [], isError: true };
    case 'execution-denied':
      return {
        text: output.reason ?? 'execution denied',
        signals: [],
        isError: true,
      };
    case 'content': {
      const texts = output.value.flatMap((part) =>
        part.type === 'text' ? [part.text] : [],
      );
      // One notice may carry several pages, one signal line each.
      const lines = texts.slice(1).flatMap((text) => text.split('\n'));
      return {
        text: [texts[0] ?? '', ...lines.filter((line) => !isSignal(line))].join(
          '\n',
        ),
        signals: lines.filter(isSignal),
        isError: false,
      };
    }
  }
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
