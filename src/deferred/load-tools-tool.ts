import { jsonSchema, tool, type Tool } from 'ai';
import type {
  LoadToolsResult,
  RepairedToolCall,
  ToolLoadingTurn,
} from './load-tools-result';
import {
  LOAD_TOOLS_INPUT_JSON_SCHEMA,
  parseLoadToolsInput,
} from './load-tools-input';
import { LOAD_TOOLS_DESCRIPTION } from './verbatim-texts';

/** An original input longer than this is not echoed back: it would cost more than it saves. */
const ECHOED_INPUT_MAX_CHARS = 4_000;

/** What `loadTools` returns when repair turned a direct call into it. */
export interface RepairedLoadToolsResult extends LoadToolsResult {
  readonly note: string;
  /** The direct call to repeat, when its input is small enough to echo. */
  readonly retry?: { readonly toolName: string; readonly input: unknown };
}

function parseOriginalInput(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

function withRepairNote(
  result: LoadToolsResult,
  repaired: RepairedToolCall,
): RepairedLoadToolsResult {
  const { toolName, input } = repaired;
  const note =
    `You called ${toolName} directly, but it was not loaded yet, so that call was turned into this loadTools call ` +
    `and did NOT run. ${toolName} is now loaded: call ${toolName} again on your next step.`;
  return input.length <= ECHOED_INPUT_MAX_CHARS
    ? { ...result, note, retry: { toolName, input: parseOriginalInput(input) } }
    : {
        ...result,
        note: `${note} Its input (${input.length} characters) is not repeated here; send it again.`,
      };
}

/**
 * The `loadTools` meta-tool of one turn. The input schema is checked by hand (not by the SDK)
 * so every rejection reads as one clear sentence instead of a schema-validation dump.
 */
export function createLoadToolsTool(
  turn: ToolLoadingTurn,
): Tool<unknown, LoadToolsResult> {
  return tool<unknown, LoadToolsResult>({
    description: LOAD_TOOLS_DESCRIPTION,
    inputSchema: jsonSchema<unknown>(LOAD_TOOLS_INPUT_JSON_SCHEMA),
    execute: async (input, { toolCallId }) => {
      // Taken first: a repaired call is the turn's recovery, not the model's own loadTools call.
      const repaired = turn.takeRepairedCall(toolCallId);
      if (repaired === undefined) turn.countLoadToolsCall();
      const result = await turn.withDefinitions(
        turn.activate(parseLoadToolsInput(input)),
      );
      return repaired === undefined ? result : withRepairNote(result, repaired);
    },
  });
}
