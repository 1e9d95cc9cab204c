import { toAiSdkToolSet } from '../registry/adapters/ai-sdk-tool-set';
import type { ToolCallContext } from '../registry/tool-call-context';
import type { ToolRegistry } from '../registry/tool-registry';
import type { TurnTool } from './chat-turn-options';

/**
 * The registry's bound tools for one turn, in canonical order, each an AI SDK tool acting as
 * `context`'s user, with the tier and catalog line deferred tools are sorted and listed by.
 */
export function registryTurnTools(
  registry: ToolRegistry,
  context: ToolCallContext,
): TurnTool[] {
  const toolSet = toAiSdkToolSet(registry, context);
  return registry.tools.map((bound) => ({
    name: bound.spec.name,
    tier: bound.spec.tier,
    catalogLine: bound.spec.catalogLine,
    tool: toolSet[bound.spec.name]!,
  }));
}
