import type { ModelCallOptions } from './model-call-options';

type PromptMessage = ModelCallOptions['prompt'][number];

/** A tool result's output as the model is sent it (`LanguageModelV3ToolResultOutput`). */
export type ToolResultOutput = Extract<
  Extract<PromptMessage, { role: 'tool' }>['content'][number],
  { type: 'tool-result' }
>['output'];

const SIGNAL_PREFIX = '[signal]';

/** A tool result as the model reads it: its own text, and the `[signal]` lines appended to it. */
export interface ReadToolResult {
  /** The result's main text: a string as is, JSON stringified, or an error message. */
  readonly text: string;
  /** `[signal] …` lines that came with the result as extra content elements, one per page. */
  readonly signals: readonly string[];
  readonly isError: boolean;
}

/**
 * A result's text parts, the output's own text first and then one part per notice, split into
 * the text and the signal lines (one notice may carry several pages, one line each).
 */
export function splitNotices(
  texts: readonly string[],
): Pick<ReadToolResult, 'text' | 'signals'> {
  const lines = texts.slice(1).flatMap((text) => text.split('\n'));
  const isSignal = (line: string) => line.startsWith(SIGNAL_PREFIX);
  return {
    text: [texts[0] ?? '', ...lines.filter((line) => !isSignal(line))].join(
      '\n',
    ),
    signals: lines.filter(isSignal),
  };
}

/** Reads one tool result as the model is sent it. */
export function readToolResultOutput(output: ToolResultOutput): ReadToolResult {
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
    case 'content':
      return {
        ...splitNotices(
          output.value.flatMap((part) =>
            part.type === 'text' ? [part.text] : [],
          ),
        ),
        isError: false,
      };
  }
}
