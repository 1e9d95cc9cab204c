import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/** A fake external MCP server on a loopback port, as the suites and tests start them. */
export interface LoopbackMcpServer {
  /** The Streamable HTTP endpoint (`http://127.0.0.1:<port>/mcp`). */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Serves `build()` over Streamable HTTP, stateless: a fresh MCP server and transport per request,
 * closed with the response. A request that fails gets a 500 instead of a hanging socket.
 */
export async function startLoopbackMcpServer(
  build: () => McpServer,
): Promise<LoopbackMcpServer> {
  const server: Server = createServer((request, response) => {
    void (async () => {
      const mcp = build();
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
      });
      response.on('close', () => {
        void transport.close();
        void mcp.close();
      });
      await mcp.connect(transport);
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const raw = Buffer.concat(chunks).toString('utf8');
      await transport.handleRequest(
        request,
        response,
        raw === '' ? undefined : JSON.parse(raw),
      );
    })().catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`,
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
