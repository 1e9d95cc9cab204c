import { jsonSchema, tool } from 'ai';
import type { JSONSchema7, Tool, ToolSet } from 'ai';
import type { ToolCallContext } from '../tool-call-context';
import type { BoundTool, ToolRegistry } from '../tool-registry';
import { inStoredKeyOrder } from '../stored-key-order';
import { ToolCallNotices } from './tool-call-notices';
import { toolOutputText } from './tool-output-text';

/** What `toModelOutput` returns (the SDK's `ToolModelOutput`, not exported by `ai`). */
export type ToolModelOutput = Awaited<
  ReturnType<NonNullable<Tool['toModelOutput']>>
>;

/**
 * The in-app chat's surface: one AI SDK `tool()` per bound tool, keyed by camelCase name, in
 * canonical order. The input schema sent is the registry's model-facing JSON Schema (the MCP
 * listing without `$schema` and validation-only keywords), and every input is validated by the
 * registry's full zod schema; a failure reaches the model as the SDK's invalid-input tool error
 * carrying the registry's field-by-field message, bounds included.
 *
 * `execute` returns the executor's raw output untouched (step results and the UI stream see it
 * as is); interceptor notices are appended only in what the model reads, as extra text parts.
 * Build one tool set per turn: `context` is the caller of every call made through it.
 */
export function toAiSdkToolSet(
  registry: ToolRegistry,
  context: ToolCallContext,
): ToolSet {
  const notices = new ToolCallNotices();
  const toolSet: Record<string, Tool> = {};
  for (const bound of registry.tools) {
    toolSet[bound.spec.name] = toAiSdkTool(registry, bound, context, notices);
  }
  return toolSet;
}

function toAiSdkTool(
  registry: ToolRegistry,
  bound: BoundTool,
  context: ToolCallContext,
  notices: ToolCallNotices,
): Tool {
  return tool<unknown, unknown>({
    title: bound.spec.title,
    description: bound.spec.description,
    inputSchema: jsonSchema<unknown>(
      bound.modelInputJsonSchema as JSONSchema7,
      {
        validate: async (value) => {
          const parsed = await registry.parseInput(bound, value);
          return parsed.success
            ? // In the order the chat's stored history gives it back: the next turn's prefix.
              { success: true, value: inStoredKeyOrder(parsed.input) }
            : { success: false, error: parsed.error };
        },
      },
    ),
    execute: async (input, { toolCallId, abortSignal }) => {
      const callContext =
        abortSignal === undefined ? context : { ...context, abortSignal };
      const outcome = await registry.invoke(bound, input, callContext);
      notices.record(toolCallId, outcome.notices);
      return outcome.output;
    },
    toModelOutput: ({ toolCallId, output }) =>
      toModelOutputWithNotices(output, notices.of(toolCallId)),
  });
}

/**
 * Without notices: what `ai@6` sends when a tool has no `toModelOutput`, its object keys in the
 * order the chat's stored history (`jsonb`) gives them back, so the next turn renders it as
 * this one did. With notices: the output's text, then one text part per notice.
 */
export function toModelOutputWithNotices(
  raw: unknown,
  notices: readonly string[],
): ToolModelOutput {
  const output = inStoredKeyOrder(raw);
  if (notices.length === 0) {
    return typeof output === 'string'
      ? { type: 'text', value: output }
      : {
          type: 'json',
          value: (output === undefined ? null : output) as Extract<
            ToolModelOutput,
            { type: 'json' }
          >['value'],
        };
  }
  return {
    type: 'content',
    value: [
      { type: 'text', text: toolOutputText(output) },
      ...notices.map((notice) => ({ type: 'text' as const, text: notice })),
    ],
  };
}
