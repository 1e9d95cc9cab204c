import { z } from 'zod';
import { createToolRegistry } from './create-tool-registry';
import { formatToolTable, toolListing } from './tool-listing';
import { spec } from './tool-registry.fixture';
import { defineTool } from './tool-spec';

const specs = [
  spec({
    name: 'getPage',
    title: 'Get a page',
    description: 'Reads a page.',
    inputSchema: z.object({
      pageId: z.string().describe('The page.'),
      maxChars: z.number().optional().describe('Cap.'),
    }),
  }),
  defineTool({
    name: 'getTable',
    mcpName: 'get_table',
    title: 'Get a table',
    description: 'Reads a table.',
    tier: 'deferred',
    catalogLine: 'read a table as a cell matrix (with per-cell paragraph ids).',
    inputSchema: z.object({}),
    annotations: { readOnlyHint: true },
  }),
] as const;

describe('toolListing', () => {
  const registry = createToolRegistry({
    specs,
    executors: { getPage: async () => 'page' },
    logger: { warn: () => undefined },
  });

  it('lists every spec, bound or not, with the JSON Schema the chat model receives and the one MCP lists', () => {
    const listing = toolListing(registry);
    expect(listing.map((entry) => entry.name)).toEqual(['getPage', 'getTable']);
    expect(listing[0]).toEqual({
      name: 'getPage',
      mcpName: 'get_page',
      tier: 'core',
      catalogLine: null,
      description: 'Reads a page.',
      inputSchema: registry.get('getPage')!.modelInputJsonSchema,
      mcpInputSchema: registry.get('getPage')!.inputJsonSchema,
    });
    expect(listing[1]!.catalogLine).toBe(
      'read a table as a cell matrix (with per-cell paragraph ids).',
    );
    expect(JSON.parse(JSON.stringify(listing))).toEqual(listing);
  });

  it('formats a table with input fields (optional ones marked) and tier totals', () => {
    const table = formatToolTable(toolListing(registry)).split('\n');
    expect(table[2]).toMatch(
      /^1\s+getPage\s+get_page\s+core\s+pageId, maxChars\?$/,
    );
    expect(table[3]).toMatch(
      /^2\s+getTable\s+get_table\s+deferred\s+-\s+read a table as a cell matrix/,
    );
    expect(table.at(-1)).toBe('2 tools: 1 core, 1 deferred');
  });
});
