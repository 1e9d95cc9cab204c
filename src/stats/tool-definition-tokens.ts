import { asSchema, type Tool, type ToolSet } from 'ai';

/**
 * Token counts of tool definitions, each counted once. A registry tool keeps the same JSON
 * Schema object from turn to turn, so the count is cached on that object (and the name and
 * description it was counted with); an external tool whose schema is rebuilt per turn is
 * counted again, which costs what one definition's length costs.
 */
export class ToolDefinitionTokens {
  private readonly counted = new WeakMap<object, Map<string, number>>();

  constructor(private readonly countTokens: (text: string) => number) {}

  /** Tokens per tool name of a turn's tool set, as a provider would receive the definitions. */
  async ofToolSet(tools: ToolSet): Promise<ReadonlyMap<string, number>> {
    const tokens = new Map<string, number>();
    for (const [name, tool] of Object.entries(tools))
      tokens.set(name, await this.ofTool(name, tool));
    return tokens;
  }

  private async ofTool(name: string, tool: Tool): Promise<number> {
    if (
      tool.type !== undefined &&
      tool.type !== 'function' &&
      tool.type !== 'dynamic'
    )
      return 0; // provider-defined tools carry no schema of ours
    const parameters: unknown = await asSchema(tool.inputSchema).jsonSchema;
    const key = `${name}\n${tool.description ?? ''}`;
    const cache =
      typeof parameters === 'object' && parameters !== null
        ? this.cacheOf(parameters)
        : undefined;
    const known = cache?.get(key);
    if (known !== undefined) return known;
    const count = this.countTokens(
      JSON.stringify({
        type: 'function',
        function: { name, description: tool.description, parameters },
      }),
    );
    cache?.set(key, count);
    return count;
  }

  private cacheOf(schema: object): Map<string, number> {
    let cache = this.counted.get(schema);
    if (cache === undefined) {
      cache = new Map();
      this.counted.set(schema, cache);
    }
    return cache;
  }
}
