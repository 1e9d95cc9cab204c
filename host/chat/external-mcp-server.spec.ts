import {
  adaptMcpTools,
  mcpResultText,
  prefixedToolName,
} from './external-mcp-server';

describe('external MCP tools', () => {
  it('prefixes names and replaces characters providers reject', () => {
    expect(prefixedToolName('web', 'search')).toBe('web_search');
    expect(prefixedToolName('web', 'fetch.page/v2')).toBe('web_fetch_page_v2');
    expect(prefixedToolName('web', 'x'.repeat(100))).toHaveLength(64);
  });

  it('renders text content as is and other content as JSON', () => {
    expect(
      mcpResultText([{ type: 'text', text: 'a' }, { type: 'image' }]),
    ).toBe('a\n{"type":"image"}');
    expect(mcpResultText(undefined)).toBe('');
  });

  it('skips a tool whose prefixed name collides with an earlier one', () => {
    const skipped: string[] = [];
    const server = adaptMcpTools({
      client: { callTool: async () => ({ content: [] }) },
      name: 'Web',
      prefix: 'web',
      listed: [
        { name: 'fetch.page', inputSchema: { type: 'object' } },
        { name: 'fetch_page', inputSchema: { type: 'object' } },
      ],
      onSkip: (message) => skipped.push(message),
    });
    expect(Object.keys(server.tools)).toEqual(['web_fetch_page']);
    expect(skipped).toEqual([
      'external MCP server "Web": tool "fetch_page" is skipped, its name web_fetch_page is already taken',
    ]);
  });

  it('calls the server with the original name and turns isError into a thrown error', async () => {
    const requests: unknown[] = [];
    const server = adaptMcpTools({
      client: {
        callTool: async (params) => {
          requests.push(params);
          return {
            isError: true,
            content: [{ type: 'text', text: 'quota exceeded' }],
          };
        },
      },
      name: 'Web',
      prefix: 'web',
      listed: [{ name: 'fetch.page', inputSchema: { type: 'object' } }],
    });
    const execute = server.tools.web_fetch_page!.execute!;
    await expect(
      execute({ url: 'https://a.test' }, { toolCallId: 'c', messages: [] }),
    ).rejects.toThrow('quota exceeded');
    expect(requests).toEqual([
      { name: 'fetch.page', arguments: { url: 'https://a.test' } },
    ]);
  });
});
