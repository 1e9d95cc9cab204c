import { claimsMissingCapability } from './capability-claim';
import type { RecordedRequest } from './eval-model-server';
import { requestTokens, toolDefinitionTokens } from './request-tokens';
import type { UiMessageChunk } from '../host-chat/ui-message-stream';

/** What one scenario run cost and how it went, summed over its turns. */
export interface RunFigures {
  /** Requests the host sent to the model (provider retries included). */
  readonly modelRequests: number;
  /** Agent steps the chat streamed. */
  readonly steps: number;
  /** Tokens of every request body as sent: tools, system prompt, messages. */
  readonly inputTokens: number;
  /** Tokens of the `tools` arrays of those requests. */
  readonly toolDefinitionTokens: number;
  /** `loadTools` calls the model made (repaired direct calls not included). */
  readonly loadToolsCalls: number;
  /** Direct calls of unloaded deferred tools that repair turned into `loadTools`. */
  readonly repairedCalls: number;
  /** Calls of a tool name that does not exist or is not active, and `loadTools` calls rejected for an unknown name. */
  readonly unknownNameErrors: number;
  /** Whether a final answer told the user a capability is missing. */
  readonly claimsMissingCapability: boolean;
  /** The last turn's final answer. */
  readonly finalAnswer: string;
}

export const NO_FIGURES: RunFigures = {
  modelRequests: 0,
  steps: 0,
  inputTokens: 0,
  toolDefinitionTokens: 0,
  loadToolsCalls: 0,
  repairedCalls: 0,
  unknownNameErrors: 0,
  claimsMissingCapability: false,
  finalAnswer: '',
};

const UNAVAILABLE_TOOL = /unavailable tool|Unknown tool name/;
const REPAIR_NOTE = /^You called \S+ directly, but it was not loaded yet/;

/** The figures of one turn: from the requests the model endpoint received and the chat's UI stream. */
export function turnFigures(
  requests: readonly RecordedRequest[],
  chunks: readonly UiMessageChunk[],
): RunFigures {
  const toolNames = new Map<string, string>();
  let loadToolsCalls = 0;
  let repairedCalls = 0;
  let unknownNameErrors = 0;
  let steps = 0;
  let stepText = '';
  for (const chunk of chunks) {
    const id = String(chunk.toolCallId ?? '');
    switch (chunk.type) {
      case 'start-step':
        steps += 1;
        stepText = '';
        break;
      case 'text-delta':
        stepText += String(chunk.delta ?? '');
        break;
      case 'tool-input-available':
        toolNames.set(id, String(chunk.toolName));
        break;
      case 'tool-input-error':
        // A call the SDK could not run (unknown or inactive name, invalid input); no output chunk follows.
        toolNames.set(id, String(chunk.toolName));
        if (UNAVAILABLE_TOOL.test(String(chunk.errorText ?? '')))
          unknownNameErrors += 1;
        break;
      case 'tool-output-available': {
        const note = (chunk.output as { note?: unknown } | null)?.note;
        if (toolNames.get(id) === 'loadTools') {
          if (typeof note === 'string' && REPAIR_NOTE.test(note))
            repairedCalls += 1;
          else loadToolsCalls += 1;
        }
        break;
      }
      case 'tool-output-error': {
        const unknownName = UNAVAILABLE_TOOL.test(
          String(chunk.errorText ?? ''),
        );
        if (toolNames.get(id) === 'loadTools') loadToolsCalls += 1;
        if (unknownName) unknownNameErrors += 1;
        break;
      }
    }
  }
  return {
    modelRequests: requests.length,
    steps,
    inputTokens: requests.reduce(
      (sum, request) => sum + requestTokens(request.body),
      0,
    ),
    toolDefinitionTokens: requests.reduce(
      (sum, request) => sum + toolDefinitionTokens(request.body),
      0,
    ),
    loadToolsCalls,
    repairedCalls,
    unknownNameErrors,
    claimsMissingCapability: claimsMissingCapability(stepText),
    finalAnswer: stepText.trim(),
  };
}

/** Two runs' figures added up (turns of one run); the later turn's final answer is kept. */
export function addFigures(left: RunFigures, right: RunFigures): RunFigures {
  return {
    modelRequests: left.modelRequests + right.modelRequests,
    steps: left.steps + right.steps,
    inputTokens: left.inputTokens + right.inputTokens,
    toolDefinitionTokens:
      left.toolDefinitionTokens + right.toolDefinitionTokens,
    loadToolsCalls: left.loadToolsCalls + right.loadToolsCalls,
    repairedCalls: left.repairedCalls + right.repairedCalls,
    unknownNameErrors: left.unknownNameErrors + right.unknownNameErrors,
    claimsMissingCapability:
      left.claimsMissingCapability || right.claimsMissingCapability,
    finalAnswer: right.finalAnswer,
  };
}
