import 'reflect-metadata';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Global, Module } from '@nestjs/common';
import { APP_GUARD, NestFactory } from '@nestjs/core';
import {
  FastifyAdapter,
  type NestFastifyApplication,
} from '@nestjs/platform-fastify';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../src/database';
import { KYSELY } from '../../src/database/kysely.token';
import { BearerAuthGuard } from '../../host/auth/bearer-auth.guard';
import { TOOL_REGISTRY } from '../../src/registry/tool-registry.token';
import { createMcpToolNameTranslator } from '../../src/registry/adapters/mcp-tool-names';
import { McpModule } from '../../host/mcp/mcp.module';
import {
  MCP_SESSION_OPTIONS,
  McpSessionsService,
} from '../../src/mcp-sessions';
import { seedDemoWorkspace } from '../../host/seed/seed-demo-workspace';
import { createToolRegistry } from '../../src/registry/create-tool-registry';
import type { ToolRegistry } from '../../src/registry/tool-registry';
import { TOOL_DEFINITIONS } from '../../src/tools/tool-definitions';
import { createDocmostExecutors } from '../../src/tools/docmost-executors';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';

type SeedUser = Awaited<ReturnType<typeof seedDemoWorkspace>>['users'][number];

/** Two tools bound to executors that report who called them and from which session. */
function reportingRegistry(): ToolRegistry {
  return createToolRegistry({
    specs: TOOL_DEFINITIONS,
    executors: {
      getWorkspace: async (_input, context) => ({
        userId: context.userId,
        workspaceId: context.workspaceId,
        sessionId: context.sessionId,
        surface: context.surface,
      }),
      listSpaces: async () => [],
    },
    logger: { warn: () => undefined },
  });
}

async function startHost(
  db: Kysely<DB>,
  registry: ToolRegistry,
): Promise<NestFastifyApplication> {
  @Global()
  @Module({
    providers: [
      { provide: KYSELY, useValue: db },
      { provide: TOOL_REGISTRY, useValue: registry },
      { provide: MCP_SESSION_OPTIONS, useValue: { maxSessionsPerUser: 3 } },
      McpSessionsService,
    ],
    exports: [KYSELY, TOOL_REGISTRY, McpSessionsService],
  })
  class TestSharedModule {}

  @Module({
    imports: [TestSharedModule, McpModule],
    providers: [{ provide: APP_GUARD, useClass: BearerAuthGuard }],
  })
  class TestHostModule {}

  const app = await NestFactory.create<NestFastifyApplication>(
    TestHostModule,
    new FastifyAdapter(),
    { logger: false },
  );
  await app.listen(0, '127.0.0.1');
  return app;
}

describe('POST /mcp (Streamable HTTP)', () => {
  let database: TestDatabase;
  let app: NestFastifyApplication;
  let url: URL;
  let owner: SeedUser;
  let member: SeedUser;
  let workspaceId: string;
  const registry = reportingRegistry();
  const openClients: Client[] = [];

  async function connect(
    user: SeedUser,
  ): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
    const transport = new StreamableHTTPClientTransport(url, {
      requestInit: { headers: { Authorization: `Bearer ${user.token}` } },
    });
    const client = new Client({ name: 'route-test', version: '1.0.0' });
    await client.connect(transport);
    openClients.push(client);
    return { client, transport };
  }

  function post(
    body: unknown,
    headers: Record<string, string>,
  ): Promise<Response> {
    return fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...headers,
      },
      body: JSON.stringify(body),
    });
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    const seed = await seedDemoWorkspace(database.db);
    owner = seed.users.find((user) => user.role === 'owner')!;
    member = seed.users.find((user) => user.role === 'member')!;
    workspaceId = seed.workspaceId;
    app = await startHost(database.db, registry);
    const address = app.getHttpServer().address();
    url = new URL(
      `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}/mcp`,
    );
  });

  afterAll(async () => {
    await Promise.all(
      openClients.map((client) => client.close().catch(() => undefined)),
    );
    await app?.close();
    await database?.drop();
  });

  it('refuses a request without a bearer token', async () => {
    const response = await post(
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      {},
    );
    expect(response.status).toBe(401);
    expect(await response.text()).toContain('missing Authorization header');
  });

  it('lists the bound tools under snake_case names with their spec descriptions, siblings named as on MCP', async () => {
    const { client } = await connect(owner);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'list_spaces',
      'get_workspace',
    ]);
    const toMcpNames = createMcpToolNameTranslator(registry.allTools);
    for (const tool of tools) {
      expect(tool.description).toBe(
        toMcpNames(registry.getByMcpName(tool.name)!.spec.description),
      );
    }
  });

  it("runs tools as the session's user, with the MCP session id as the call's session", async () => {
    const { client, transport } = await connect(member);
    const result = await client.callTool({
      name: 'get_workspace',
      arguments: {},
    });
    const text = (result.content as { type: string; text: string }[])[0]!.text;
    expect(JSON.parse(text)).toEqual({
      userId: member.id,
      workspaceId,
      sessionId: transport.sessionId,
      surface: 'mcp',
    });
    expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('gives each session its own id', async () => {
    const first = await connect(owner);
    const second = await connect(owner);
    expect(first.transport.sessionId).not.toBe(second.transport.sessionId);
  });

  it('answers 404 when another user presents a session id, as for an unknown one', async () => {
    const { transport } = await connect(owner);
    const listTools = { jsonrpc: '2.0', id: 2, method: 'tools/list' };
    const headers = { 'mcp-protocol-version': '2025-06-18' };
    const stolen = await post(listTools, {
      ...headers,
      authorization: `Bearer ${member.token}`,
      'mcp-session-id': transport.sessionId!,
    });
    const unknown = await post(listTools, {
      ...headers,
      authorization: `Bearer ${member.token}`,
      'mcp-session-id': 'no-such-session',
    });
    expect(stolen.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(await stolen.json()).toEqual(await unknown.json());
  });

  it('asks for initialize when a request names no session', async () => {
    const response = await post(
      { jsonrpc: '2.0', id: 3, method: 'tools/list' },
      { authorization: `Bearer ${owner.token}` },
    );
    expect(response.status).toBe(400);
    expect(
      ((await response.json()) as { error: { message: string } }).error.message,
    ).toContain('initialize');
  });

  it('closes a session on DELETE; its id is then unknown', async () => {
    const { transport } = await connect(member);
    const sessionId = transport.sessionId!;
    await transport.terminateSession();
    const { rows } = await sql`
      select id from ai_tools_mcp_sessions where id = ${sessionId}::uuid`.execute(
      database.db,
    );
    expect(rows).toEqual([]);
    const response = await post(
      { jsonrpc: '2.0', id: 4, method: 'tools/list' },
      {
        authorization: `Bearer ${member.token}`,
        'mcp-session-id': sessionId,
        'mcp-protocol-version': '2025-06-18',
      },
    );
    expect(response.status).toBe(404);
  });

  it('closes a session unused for longer than the idle timeout (30 minutes): its next request gets 404, the sweep deletes it', async () => {
    const { transport } = await connect(member);
    const sessionId = transport.sessionId!;
    await sql`
      update ai_tools_mcp_sessions set last_used_at = now() - interval '31 minutes'
      where id = ${sessionId}::uuid`.execute(database.db);
    const response = await post(
      { jsonrpc: '2.0', id: 5, method: 'tools/list' },
      {
        authorization: `Bearer ${member.token}`,
        'mcp-session-id': sessionId,
        'mcp-protocol-version': '2025-06-18',
      },
    );
    expect(response.status).toBe(404);
    await expect(app.get(McpSessionsService).closeIdle()).resolves.toBe(1);
    const { rows } = await sql`
      select id from ai_tools_mcp_sessions where id = ${sessionId}::uuid`.execute(
      database.db,
    );
    expect(rows).toEqual([]);
  });

  it("refuses every request with Docmost's 403 while the workspace's MCP switch (settings.ai.mcp) is off, open sessions included", async () => {
    const { client, transport } = await connect(owner);
    const setSwitch = (value: boolean | undefined) =>
      value === undefined
        ? sql`update workspaces set settings = settings #- '{ai,mcp}' where id = ${workspaceId}::uuid`.execute(
            database.db,
          )
        : sql`update workspaces set settings = jsonb_set(settings, '{ai,mcp}', to_jsonb(${value}::boolean)) where id = ${workspaceId}::uuid`.execute(
            database.db,
          );
    const authorization = `Bearer ${owner.token}`;
    const inSession = {
      authorization,
      'mcp-session-id': transport.sessionId!,
      'mcp-protocol-version': '2025-06-18',
    };
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'route-test', version: '1.0.0' },
      },
    };
    const refusal = { error: 'MCP is disabled for this workspace' };
    try {
      // Off, and absent: Docmost's switch is on only when it is true.
      for (const value of [false, undefined]) {
        await setSwitch(value);
        const listed = await post(
          { jsonrpc: '2.0', id: 6, method: 'tools/list' },
          inSession,
        );
        expect(listed.status).toBe(403);
        expect(await listed.json()).toEqual(refusal);
        const opened = await post(initialize, { authorization });
        expect(opened.status).toBe(403);
        expect(await opened.json()).toEqual(refusal);
        for (const method of ['DELETE', 'GET']) {
          const response = await fetch(url, { method, headers: inSession });
          expect(response.status).toBe(403);
          expect(await response.json()).toEqual(refusal);
        }
      }
      const { rows } = await sql`
        select id from ai_tools_mcp_sessions where user_id = ${owner.id}::uuid`.execute(
        database.db,
      );
      expect(rows.map((row) => (row as { id: string }).id)).toContain(
        transport.sessionId,
      );
    } finally {
      await setSwitch(true);
    }
    // On again: the session the refusals left alone serves again.
    await expect(client.listTools()).resolves.toMatchObject({
      tools: expect.any(Array),
    });
  });

  it('keeps at most the configured number of sessions per user, closing the oldest', async () => {
    const oldest = await connect(member);
    await connect(member);
    await connect(member);
    const newest = await connect(member);
    await expect(oldest.client.listTools()).rejects.toThrow(
      /Session not found/,
    );
    await expect(newest.client.listTools()).resolves.toMatchObject({
      tools: expect.any(Array),
    });
  });
});

describe('POST /mcp with the Docmost executors', () => {
  let database: TestDatabase;
  let app: NestFastifyApplication;
  let seed: Awaited<ReturnType<typeof seedDemoWorkspace>>;
  const clients: Client[] = [];

  async function spacesOf(user: SeedUser): Promise<string[]> {
    const address = app.getHttpServer().address();
    const port =
      typeof address === 'object' && address !== null ? address.port : 0;
    const transport = new StreamableHTTPClientTransport(
      new URL(`http://127.0.0.1:${port}/mcp`),
      {
        requestInit: { headers: { Authorization: `Bearer ${user.token}` } },
      },
    );
    const client = new Client({ name: 'route-test', version: '1.0.0' });
    await client.connect(transport);
    clients.push(client);
    const result = await client.callTool({
      name: 'list_spaces',
      arguments: {},
    });
    const text = (result.content as { text: string }[])[0]!.text;
    return (JSON.parse(text) as { spaces: { name: string }[] }).spaces.map(
      (space) => space.name,
    );
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    seed = await seedDemoWorkspace(database.db);
    const registry = createToolRegistry({
      specs: TOOL_DEFINITIONS,
      executors: createDocmostExecutors(database.db),
      logger: { warn: () => undefined },
    });
    app = await startHost(database.db, registry);
  });

  afterAll(async () => {
    await Promise.all(
      clients.map((client) => client.close().catch(() => undefined)),
    );
    await app?.close();
    await database?.drop();
  });

  it("acts as each session's user: the member only sees the spaces it belongs to", async () => {
    const owner = seed.users.find((user) => user.role === 'owner')!;
    const member = seed.users.find((user) => user.role === 'member')!;
    const ownerSpaces = await spacesOf(owner);
    const memberSpaces = await spacesOf(member);
    expect(ownerSpaces).toEqual(expect.arrayContaining(memberSpaces));
    expect(memberSpaces.length).toBeGreaterThan(0);
    expect(memberSpaces.length).toBeLessThan(ownerSpaces.length);
  });
});
