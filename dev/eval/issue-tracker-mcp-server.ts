import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

/** The issues the fake tracker knows; the status is found nowhere else, so only a real call can bring it. */
export const TRACKER_ISSUES: Readonly<Record<string, { readonly title: string; readonly status: string }>> = {
  'DOC-42': { title: 'Audit log export as CSV', status: 'In review since 2 June' },
  'DOC-57': { title: 'SAML single sign-on', status: 'Blocked on the identity team' },
};

/** How the host registers it (`AI_EXTERNAL_MCP`): its tools become `tracker_*` deferred tools. */
export const TRACKER_SERVER_NAME = 'Issue tracker';
export const TRACKER_PREFIX = 'tracker';

/**
 * A small external MCP server the suite starts on a loopback port (Streamable HTTP, stateless):
 * an issue tracker with `get_issue` and `search_issues`. Records the calls it serves, so a
 * scenario can tell a real call from an invented answer.
 */
export class IssueTrackerMcpServer {
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
      })().catch(() => {
        if (!response.headersSent) response.writeHead(500);
        response.end();
      });
    });
  }

  static async start(): Promise<IssueTrackerMcpServer> {
    const tracker = new IssueTrackerMcpServer();
    await new Promise<void>((resolve) => tracker.server.listen(0, '127.0.0.1', resolve));
    return tracker;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/mcp`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private build(): McpServer {
    const mcp = new McpServer({ name: 'issue-tracker', version: '1.0.0' });
    mcp.registerTool(
      'get_issue',
      { description: 'Reads one issue of the issue tracker by its key (e.g. DOC-42): title and current status.', inputSchema: { key: z.string() } },
      async ({ key }) => {
        this.calls.push({ name: 'get_issue', arguments: { key } });
        const issue = TRACKER_ISSUES[key.trim().toUpperCase()];
        if (issue === undefined) return { isError: true, content: [{ type: 'text', text: `no issue ${key}; keys look like DOC-42` }] };
        return { content: [{ type: 'text', text: `${key.toUpperCase()}: ${issue.title}. Status: ${issue.status}.` }] };
      },
    );
    mcp.registerTool(
      'search_issues',
      { description: 'Searches issue titles. Returns matching keys and titles.', inputSchema: { query: z.string() } },
      async ({ query }) => {
        this.calls.push({ name: 'search_issues', arguments: { query } });
        const words = query.toLowerCase().split(/\s+/).filter(Boolean);
        const hits = Object.entries(TRACKER_ISSUES).filter(([, issue]) => words.some((word) => issue.title.toLowerCase().includes(word)));
        return { content: [{ type: 'text', text: hits.map(([key, issue]) => `${key}: ${issue.title}`).join('\n') || 'no issues found' }] };
      },
    );
    return mcp;
  }
}
