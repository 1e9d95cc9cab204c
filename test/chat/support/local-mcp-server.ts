import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

/**
 * A small external MCP server over Streamable HTTP (stateless): `search` and `fetch.page`
 * (a name with a character providers reject). Records the calls it serves.
 */
export class LocalMcpServer {
  readonly calls: { name: string; arguments: unknown }[] = [];
  private readonly server: Server;

  private constructor() {
    this.server = createServer((request, response) => {
      void (async () => {
        const mcp = this.build();
        const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
        response.on('close', () => {
          void transport.close();
          void mcp.close();
        });
        await mcp.connect(transport);
        const chunks: Buffer[] = [];
        for await (const chunk of request) chunks.push(chunk as Buffer);
        const raw = Buffer.concat(chunks).toString('utf8');
        await transport.handleRequest(request, response, raw === '' ? undefined : JSON.parse(raw));
      })();
    });
  }

  static async start(): Promise<LocalMcpServer> {
    const local = new LocalMcpServer();
    await new Promise<void>((resolve) => local.server.listen(0, '127.0.0.1', resolve));
    return local;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/mcp`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private build(): McpServer {
    const mcp = new McpServer({ name: 'local-web', version: '1.0.0' });
    mcp.registerTool(
      'search',
      { description: 'Searches the web. Returns the top hits with titles and URLs.', inputSchema: { query: z.string() } },
      async ({ query }) => {
        this.calls.push({ name: 'search', arguments: { query } });
        return { content: [{ type: 'text', text: `3 results for ${query}` }] };
      },
    );
    mcp.registerTool(
      'fetch.page',
      { description: 'Fetches a URL and returns its text.\nFollows redirects.', inputSchema: { url: z.string() } },
      async ({ url }) => {
        this.calls.push({ name: 'fetch.page', arguments: { url } });
        return { isError: true, content: [{ type: 'text', text: `cannot fetch ${url}: blocked` }] };
      },
    );
    return mcp;
  }
}
