import type { RegisteredTool } from '../tool-registry';

/**
 * Descriptions, errors and notices are written once, naming sibling tools by their camelCase
 * names (`listComments`). On the MCP surface those names do not exist (`list_comments` does),
 * and a model that calls the name it read gets an unknown-tool error. This derives the MCP text
 * from the one text instead of writing every sentence twice.
 *
 * Only whole words that are the name of a registered tool change: `getPage` in `getPageJson`
 * is part of another name, and ordinary words are never tool names (names are camelCase with a
 * capital inside, checked by the registry). Tool outputs are not translated: they carry page
 * text, which must reach the model exactly as stored.
 */
export function createMcpToolNameTranslator(
  tools: readonly RegisteredTool[],
): (text: string) => string {
  const mcpNames = new Map(
    tools
      .filter(({ spec }) => spec.name !== spec.mcpName)
      .map(({ spec }) => [spec.name, spec.mcpName]),
  );
  if (mcpNames.size === 0) return (text) => text;
  // Longest first, so the alternation never stops at a shorter name that prefixes a longer one.
  const alternatives = [...mcpNames.keys()].sort(
    (left, right) => right.length - left.length,
  );
  const pattern = new RegExp(
    `(?<![A-Za-z0-9_])(?:${alternatives.join('|')})(?![A-Za-z0-9_])`,
    'g',
  );
  return (text) => text.replace(pattern, (name) => mcpNames.get(name) ?? name);
}
