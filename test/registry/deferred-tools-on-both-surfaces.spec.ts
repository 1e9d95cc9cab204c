import 'reflect-metadata';
import { PAGE_NOT_FOUND } from '../../src/access';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Global, Module } from '@nestjs/common';
import { APP_GUARD, NestFactory } from '@nestjs/core';
import {
  FastifyAdapter,
  type NestFastifyApplication,
} from '@nestjs/platform-fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/database';
import { KYSELY } from '../../src/database/kysely.token';
import { BearerAuthGuard } from '../../host/auth/bearer-auth.guard';
import { TOOL_REGISTRY } from '../../src/registry/tool-registry.token';
import { McpModule } from '../../host/mcp/mcp.module';
import { McpSessionsService } from '../../src/mcp-sessions';
import { seedDemoWorkspace } from '../../host/seed/seed-demo-workspace';
import { SEED_IDS, SEED_NODE_IDS } from '../../host/seed/seed-ids';
import { toAiSdkToolSet } from '../../src/registry/adapters/ai-sdk-tool-set';
import { createMcpToolNameTranslator } from '../../src/registry/adapters/mcp-tool-names';
import type { ToolRegistry } from '../../src/registry/tool-registry';
import { DEFERRED_NON_CONTENT_TOOLS } from '../support/seeded-tools';
import { asDocument } from '../../src/document';
import {
  generateWithToolCalls,
  sentToolResults,
} from './support/recording-model';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';
import {
  contextFor,
  PUBLIC_BASE_URL,
  seededTools,
} from '../support/seeded-tools';

const P = SEED_IDS.pages;

/** The 22 tools on the two real surfaces: the chat's AI SDK tool set and `POST /mcp`. */
let database: TestDatabase;
let registry: ToolRegistry;
let app: NestFastifyApplication;
let url: URL;
let tokens: Map<string, string>;

async function startHost(db: Kysely<DB>): Promise<NestFastifyApplication> {
  @Global()
  @Module({
    providers: [
      { provide: KYSELY, useValue: db },
      { provide: TOOL_REGISTRY, useValue: registry },
      McpSessionsService,
    ],
    exports: [KYSELY, TOOL_REGISTRY, McpSessionsService],
  })
  class SharedModule {}

  @Module({
    imports: [SharedModule, McpModule],
    providers: [{ provide: APP_GUARD, useClass: BearerAuthGuard }],
  })
  class HostModule {}

  const host = await NestFactory.create<NestFastifyApplication>(
    HostModule,
    new FastifyAdapter(),
    { logger: false },
  );
  await host.listen(0, '127.0.0.1');
  return host;
}

beforeAll(async () => {
  database = await createTestDatabase();
  const seed = await seedDemoWorkspace(database.db);
  tokens = new Map(seed.users.map((user) => [user.email, user.token]));
  registry = seededTools(database.db).registry;
  app = await startHost(database.db);
  const address = app.getHttpServer().address();
  url = new URL(
    `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}/mcp`,
  );
});

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

async function storedContent(pageId: string) {
  const row = await database.db
    .selectFrom('pages')
    .select(['content', 'textContent'])
    .where('id', '=', pageId)
    .executeTakeFirstOrThrow();
  return { content: asDocument(row.content), textContent: row.textContent };
}

describe('through the AI SDK surface (MockLanguageModelV3)', () => {
  it('runs table and node edits the model calls, and returns errors as tool errors', async () => {
    const toolSet = toAiSdkToolSet(registry, contextFor('member'));
    const { sent } = await generateWithToolCalls(toolSet, [
      {
        toolCallId: 'cell',
        toolName: 'tableUpdateCell',
        input: {
          pageId: P.pricing,
          table: '#2',
          row: 2,
          column: 1,
          text: '$9',
        },
      },
      {
        toolCallId: 'patch',
        toolName: 'patchNode',
        input: {
          pageId: P.releaseNotes,
          nodeId: SEED_NODE_IDS.releaseNotesSecondTypoParagraph,
          node: JSON.stringify({
            type: 'paragraph',
            content: [{ type: 'text', text: 'Search shows the page path.' }],
          }),
        },
      },
      {
        toolCallId: 'hidden',
        toolName: 'getPageJson',
        input: { pageId: P.strategy },
      },
      {
        toolCallId: 'unknown-type',
        toolName: 'insertNode',
        input: { pageId: P.pricing, node: { type: 'marquee' } },
      },
    ]);
    const results = sentToolResults(sent[1]!);
    expect(results.get('cell')).toMatchObject({
      type: 'json',
      value: { previousText: '$8', text: '$9' },
    });
    expect(results.get('patch')).toMatchObject({
      type: 'json',
      value: {
        nodeId: SEED_NODE_IDS.releaseNotesSecondTypoParagraph,
        replacedText: 'Search results now show teh page path under each title.',
      },
    });
    expect(results.get('hidden')).toEqual({
      type: 'error-text',
      value: `page ${P.strategy} ${PAGE_NOT_FOUND}`,
    });
    expect(results.get('unknown-type')).toMatchObject({
      type: 'error-text',
      value: expect.stringContaining('unknown node type "marquee"'),
    });
    expect((await storedContent(P.pricing)).textContent).toContain('Team\n$9');
    expect((await storedContent(P.releaseNotes)).textContent).toContain(
      'Search shows the page path.',
    );
  });

  it('offers all 22 tools to the model with their registry schemas', async () => {
    const toolSet = toAiSdkToolSet(registry, contextFor('owner'));
    const { sent } = await generateWithToolCalls(toolSet, []);
    const offered = new Map(sent[0]!.tools!.map((tool) => [tool.name, tool]));
    for (const spec of DEFERRED_NON_CONTENT_TOOLS) {
      const tool = offered.get(spec.name) as
        { description?: string; inputSchema?: unknown } | undefined;
      expect(tool?.description).toBe(spec.description);
      expect(tool?.inputSchema).toEqual(
        registry.get(spec.name)!.modelInputJsonSchema,
      );
    }
  });
});

describe('through POST /mcp with a real MCP client', () => {
  const clients: Client[] = [];
  afterAll(async () => {
    await Promise.all(
      clients.map((client) => client.close().catch(() => undefined)),
    );
  });

  async function connect(email: string): Promise<Client> {
    const transport = new StreamableHTTPClientTransport(url, {
      requestInit: {
        headers: { Authorization: `Bearer ${tokens.get(email)}` },
      },
    });
    const client = new Client({
      name: 'deferred-tools-test',
      version: '1.0.0',
    });
    await client.connect(transport);
    clients.push(client);
    return client;
  }

  async function call(
    client: Client,
    name: string,
    args: Record<string, unknown>,
  ) {
    const result = await client.callTool({ name, arguments: args });
    const text = (result.content as { type: string; text: string }[])
      .map((part) => part.text)
      .join('\n');
    return { isError: result.isError === true, text };
  }

  it('lists the 22 tools under snake_case names with the spec descriptions (siblings named as on MCP)', async () => {
    const client = await connect('owner@acme.test');
    const { tools } = await client.listTools();
    const listed = new Map(tools.map((tool) => [tool.name, tool]));
    const toMcpNames = createMcpToolNameTranslator(registry.allTools);
    for (const spec of DEFERRED_NON_CONTENT_TOOLS) {
      expect(listed.get(spec.mcpName)?.description).toBe(
        toMcpNames(spec.description),
      );
      expect(listed.get(spec.mcpName)?.annotations).toMatchObject(
        spec.annotations,
      );
    }
  });

  it('reads a table, inserts a node given as a JSON string, and shares a page as the session user', async () => {
    const client = await connect('member@acme.test');
    const table = await call(client, 'get_table', {
      pageId: P.pricing,
      table: '#2',
    });
    expect(table.isError).toBe(false);
    expect(JSON.parse(table.text)).toMatchObject({ rows: 4, columns: 3 });
    const inserted = await call(client, 'insert_node', {
      pageId: P.weeklySync,
      node: JSON.stringify({
        type: 'paragraph',
        content: [{ type: 'text', text: 'Added over MCP.' }],
      }),
    });
    expect(inserted.isError).toBe(false);
    expect((await storedContent(P.weeklySync)).textContent).toContain(
      'Added over MCP.',
    );
    const shared = await call(client, 'share_page', {
      pageId: P.designPrinciples,
    });
    expect(JSON.parse(shared.text)).toMatchObject({
      created: true,
      url: expect.stringMatching(
        new RegExp(
          `^${PUBLIC_BASE_URL}/share/[0-9a-z]{10}/p/design-principles-HCEjaQasqG$`,
        ),
      ),
    });
    const share = await database.db
      .selectFrom('shares')
      .select('creatorId')
      .where('pageId', '=', P.designPrinciples)
      .executeTakeFirstOrThrow();
    expect(share.creatorId).toBe(SEED_IDS.users.member);
  });

  it('answers errors as isError results: hidden pages, cycles, bad timestamps', async () => {
    const client = await connect('member@acme.test');
    expect(
      await call(client, 'rename_page', { pageId: P.strategy, title: 'x' }),
    ).toEqual({
      isError: true,
      // MCP clients read the tools' MCP names in messages too.
      text: `page ${P.strategy} ${PAGE_NOT_FOUND.replace('searchPages', 'search_pages')}`,
    });
    const cycle = await call(client, 'move_page', {
      pageId: P.productHandbook,
      parentPageId: P.roadmap,
    });
    expect(cycle).toMatchObject({
      isError: true,
      text: expect.stringContaining('which would make a cycle'),
    });
    const since = await call(client, 'check_new_comments', {
      spaceId: SEED_IDS.spaces.product,
      since: 'last week',
    });
    expect(since).toMatchObject({
      isError: true,
      text: expect.stringContaining('is not an ISO 8601 timestamp'),
    });
  });
});
