import { asSchema, type ToolSet } from 'ai';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';

/**
 * The tokenizer every figure is counted with: OpenAI's o200k_base (GPT-4o, GPT-4.1, o-series),
 * via gpt-tokenizer. Other providers tokenize differently by some percent; the deferred vs
 * all-active ratio, which is what the figures are for, hardly moves.
 */
export const TOKEN_ENCODING = 'o200k_base';

/**
 * A function tool as the AI SDK hands it to a provider (`LanguageModelV3FunctionTool`): what a
 * mock model records in its call options and what a real provider turns into request JSON.
 */
export interface ModelFunctionTool {
  readonly type: 'function';
  readonly name: string;
  readonly description?: string;
  readonly inputSchema: unknown;
}

/** Tokens of a text under {@link TOKEN_ENCODING}. */
export function countTokens(text: string): number {
  return encode(text).length;
}

/**
 * The `tools` array as an OpenAI-compatible chat-completions request carries it (what the host's
 * `@ai-sdk/openai-compatible` provider sends): `{ type, function: { name, description,
 * parameters } }` per tool, compact JSON, in the order given.
 */
export function serializeToolsForRequest(
  tools: readonly ModelFunctionTool[],
): string {
  return JSON.stringify(
    tools.map((tool) => ({
      type: 'function',
      function: {
        name: tool.name,
        description: tool.description,
        parameters: tool.inputSchema,
      },
    })),
  );
}

/** Tokens of the serialized tools array ({@link serializeToolsForRequest}); 0 for no tools. */
export function countToolTokens(tools: readonly ModelFunctionTool[]): number {
  return tools.length === 0 ? 0 : countTokens(serializeToolsForRequest(tools));
}

/** The function tools among a model call's `tools` (provider-defined tools have no schema to count). */
export function functionToolsOf(
  tools: readonly { readonly type: string }[] | undefined,
): ModelFunctionTool[] {
  return (tools ?? []).filter(
    (tool): tool is ModelFunctionTool => tool.type === 'function',
  );
}

/**
 * The function tools `streamText` would send for a tool set, built the way `ai@6` builds them
 * (`prepareToolsAndToolChoice`): key order of the set, filtered by `activeTools` when given,
 * the input schema resolved through `asSchema`. Lets a figure say what a request WOULD carry
 * (every bound tool active) without making one.
 */
export async function modelFunctionTools(
  toolSet: ToolSet,
  activeTools?: readonly string[],
): Promise<ModelFunctionTool[]> {
  const tools: ModelFunctionTool[] = [];
  for (const [name, tool] of Object.entries(toolSet)) {
    if (activeTools !== undefined && !activeTools.includes(name)) continue;
    if (
      tool.type !== undefined &&
      tool.type !== 'function' &&
      tool.type !== 'dynamic'
    )
      continue;
    const inputSchema: unknown = await asSchema(tool.inputSchema).jsonSchema;
    tools.push({
      type: 'function',
      name,
      description: tool.description,
      inputSchema,
    });
  }
  return tools;
}

const CATALOG_BLOCK = /<tool_catalog\b[\s\S]*?<\/tool_catalog>/;

/** The `<tool_catalog>` block of a system prompt, or '' when it has none (deferred tools OFF). */
export function toolCatalogBlockOf(system: string): string {
  return CATALOG_BLOCK.exec(system)?.[0] ?? '';
}
