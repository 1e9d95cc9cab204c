import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import {
  startLoopbackMcpServer,
  type LoopbackMcpServer,
} from '../../../dev/eval/loopback-mcp-server';

/**
 * A small external MCP server over Streamable HTTP (stateless): `search` and `fetch.page`
 * (a name with a character providers reject). Records the calls it serves.
 */
export class LocalMcpServer {
  readonly calls: { name: string; arguments: unknown }[] = [];
  private served: LoopbackMcpServer | undefined;

  static async start(): Promise<LocalMcpServer> {
    const local = new LocalMcpServer();
    local.served = await startLoopbackMcpServer(() => local.build());
    return local;
  }

  get url(): string {
    return this.served!.url;
  }

  close(): Promise<void> {
    return this.served?.close() ?? Promise.resolve();
  }

  private build(): McpServer {
    const mcp = new McpServer({ name: 'local-web', version: '1.0.0' });
    mcp.registerTool(
      'search',
      {
        description:
          'Searches the web. Returns the top hits with titles and URLs.',
        inputSchema: { query: z.string() },
      },
      async ({ query }) => {
        this.calls.push({ name: 'search', arguments: { query } });
        return { content: [{ type: 'text', text: `3 results for ${query}` }] };
      },
    );
    mcp.registerTool(
      'fetch.page',
      {
        description: 'Fetches a URL and returns its text.\nFollows redirects.',
        inputSchema: { url: z.string() },
      },
      async ({ url }) => {
        this.calls.push({ name: 'fetch.page', arguments: { url } });
        return {
          isError: true,
          content: [{ type: 'text', text: `cannot fetch ${url}: blocked` }],
        };
      },
    );
    return mcp;
  }
}
