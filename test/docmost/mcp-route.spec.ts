/**
 * The README's MCP lines in Docmost (mounted at `/api/ai-tools-mcp`, readme-mount.ts): an MCP
 * SDK client with a person's Docmost cookie opens a session, lists and calls the tools as that
 * person; without the cookie or with an unknown session it is refused; closing it ends it.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  startRedisServer,
  type RedisServerUnderTest,
} from '../support/redis-server';
import {
  createPage,
  listSpaces,
  setUpWorkspace,
  type DocmostSession,
} from './docmost-api';
import { emptyDatabase, preparedDocmost } from './docmost-checks';
import { DocmostServer, newAppSecret } from './docmost-process';

const prepared = preparedDocmost();

describe("the README's MCP lines in Docmost", () => {
  let redis: RedisServerUnderTest;
  let server: DocmostServer;
  let owner: DocmostSession;

  beforeAll(async () => {
    redis = await startRedisServer();
    server = await DocmostServer.start({
      name: 'mcp-route',
      serverDirectory: prepared.mountedServerDirectory,
      preloads: prepared.preloads,
      databaseUrl: await emptyDatabase('mcp_route'),
      redisUrl: redis.url,
      appSecret: newAppSecret(),
    });
    owner = (
      await setUpWorkspace(
        server.url,
        {
          name: 'Olga Owner',
          email: 'olga@example.com',
          password: 'a long password 1',
        },
        'MCP',
      )
    ).session;
    // Docmost's MCP switch (Workspace settings → AI → MCP), which the README's lines follow.
    await owner.call('workspace/update', { mcpEnabled: true });
  });

  afterAll(async () => {
    await server?.stop();
    await redis?.stop();
  });

  function transport(
    cookie: string,
    sessionId?: string,
  ): StreamableHTTPClientTransport {
    return new StreamableHTTPClientTransport(
      new URL('/api/ai-tools-mcp', server.url),
      {
        requestInit: { headers: { cookie: `authToken=${cookie}` } },
        sessionId,
      },
    );
  }

  /** A raw `tools/list` of the owner's in the session `sessionId`. */
  function listToolsWith(sessionId: string): Promise<Response> {
    return fetch(`${server.url}/api/ai-tools-mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        cookie: `authToken=${owner.authToken}`,
        'mcp-session-id': sessionId,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
  }

  test("a person's MCP client opens a session, lists the tools and reads a page as that person; closing the session ends it", async () => {
    const [space] = await listSpaces(owner);
    const page = await createPage(owner, {
      spaceId: space.id,
      title: 'Read over MCP',
      markdown: 'Served by the README lines.',
    });
    const client = new Client({ name: 'docmost-checks', version: '1.0.0' });
    const opened = transport(owner.authToken!);
    await client.connect(opened);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['get_page', 'list_comments', 'stash_page']),
    );
    const read = await client.callTool({
      name: 'get_page',
      arguments: { pageId: page.id },
    });
    expect(read.isError).not.toBe(true);
    expect(JSON.stringify(read.content)).toContain(
      'Served by the README lines.',
    );

    // Without a cookie Docmost's guard refuses; an unknown session is 404.
    const anonymous = await fetch(`${server.url}/api/ai-tools-mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(anonymous.status).toBe(401);
    expect(
      (await listToolsWith('00000000-0000-4000-8000-000000000000')).status,
    ).toBe(404);

    const sessionId = opened.sessionId!;
    await opened.terminateSession();
    await client.close();
    expect((await listToolsWith(sessionId)).status).toBe(404);
  });

  test("with Docmost's MCP switch off the route refuses as Docmost's own /mcp does, and serves again once it is on", async () => {
    await owner.call('workspace/update', { mcpEnabled: false });
    try {
      const refused = await fetch(`${server.url}/api/ai-tools-mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          cookie: `authToken=${owner.authToken}`,
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion: '2025-03-26',
            capabilities: {},
            clientInfo: { name: 'docmost-checks', version: '1.0.0' },
          },
        }),
      });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({
        error: 'MCP is disabled for this workspace',
      });
    } finally {
      await owner.call('workspace/update', { mcpEnabled: true });
    }
    const client = new Client({ name: 'docmost-checks', version: '1.0.0' });
    await client.connect(transport(owner.authToken!));
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    await client.close();
  });
});
