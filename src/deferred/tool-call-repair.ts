import { NoSuchToolError, type ToolCallRepairFunction, type ToolSet } from 'ai';
import { LOAD_TOOLS_NAME } from './load-tools-input';
import type { RepairedToolCall } from './load-tools-result';

/**
 * `streamText`'s `experimental_repairToolCall` for a turn that defers tools: a direct call of a
 * deferred tool not loaded yet becomes a `loadTools` call for it, so the model gets a real result
 * saying to call it again instead of "unavailable tool". Anything else (another error, a name
 * that is not deferred, a step without `loadTools`) stays the SDK's error (`null`).
 *
 * `repaired` hears each rewritten call, so the `loadTools` call can answer for the direct one.
 */
export function repairAsLoadTools(
  isDeferred: (toolName: string) => boolean,
  repaired: (toolCallId: string, call: RepairedToolCall) => void,
): ToolCallRepairFunction<ToolSet> {
  return async ({ toolCall, error, tools }) => {
    if (!NoSuchToolError.isInstance(error)) return null;
    const { toolName } = toolCall;
    if (!isDeferred(toolName) || !(LOAD_TOOLS_NAME in tools)) return null;
    repaired(toolCall.toolCallId, { toolName, input: toolCall.input });
    return {
      ...toolCall,
      toolName: LOAD_TOOLS_NAME,
      input: JSON.stringify({ names: [toolName] }),
    };
  };
}
