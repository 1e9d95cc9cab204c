import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import {
  startLoopbackMcpServer,
  type LoopbackMcpServer,
} from './loopback-mcp-server';

/** The issues the fake tracker knows; the status is found nowhere else, so only a real call can bring it. */
export const TRACKER_ISSUES: Readonly<
  Record<string, { readonly title: string; readonly status: string }>
> = {
  'DOC-42': {
    title: 'Audit log export as CSV',
    status: 'In review since 2 June',
  },
  'DOC-57': {
    title: 'SAML single sign-on',
    status: 'Blocked on the identity team',
  },
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
  private served: LoopbackMcpServer | undefined;

  static async start(): Promise<IssueTrackerMcpServer> {
    const tracker = new IssueTrackerMcpServer();
    tracker.served = await startLoopbackMcpServer(() => tracker.build());
    return tracker;
  }

  get url(): string {
    return this.served!.url;
  }

  close(): Promise<void> {
    return this.served?.close() ?? Promise.resolve();
  }

  private build(): McpServer {
    const mcp = new McpServer({ name: 'issue-tracker', version: '1.0.0' });
    mcp.registerTool(
      'get_issue',
      {
        description:
          'Reads one issue of the issue tracker by its key (e.g. DOC-42): title and current status.',
        inputSchema: { key: z.string() },
      },
      async ({ key }) => {
        this.calls.push({ name: 'get_issue', arguments: { key } });
        const issue = TRACKER_ISSUES[key.trim().toUpperCase()];
        if (issue === undefined)
          return {
            isError: true,
            content: [
              { type: 'text', text: `no issue ${key}; keys look like DOC-42` },
            ],
          };
        return {
          content: [
            {
              type: 'text',
              text: `${key.toUpperCase()}: ${issue.title}. Status: ${issue.status}.`,
            },
          ],
        };
      },
    );
    mcp.registerTool(
      'search_issues',
      {
        description: 'Searches issue titles. Returns matching keys and titles.',
        inputSchema: { query: z.string() },
      },
      async ({ query }) => {
        this.calls.push({ name: 'search_issues', arguments: { query } });
        const words = query.toLowerCase().split(/\s+/).filter(Boolean);
        const hits = Object.entries(TRACKER_ISSUES).filter(([, issue]) =>
          words.some((word) => issue.title.toLowerCase().includes(word)),
        );
        return {
          content: [
            {
              type: 'text',
              text:
                hits
                  .map(([key, issue]) => `${key}: ${issue.title}`)
                  .join('\n') || 'no issues found',
            },
          ],
        };
      },
    );
    return mcp;
  }
}
