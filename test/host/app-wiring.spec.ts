import 'reflect-metadata';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Global, Inject, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import {
  FastifyAdapter,
  type NestFastifyApplication,
} from '@nestjs/platform-fastify';
import { sql, type Kysely } from 'kysely';
import { AiToolsModule } from '../../src/ai-tools.module';
import { loadAppConfig } from '../../host/config/app-config';
import { KYSELY, type DB } from '../../src/database';
import { createApp } from '../../host/create-app';
import { seedDemoWorkspace } from '../../host/seed/seed-demo-workspace';
import { SEED_IDS } from '../../host/seed/seed-ids';
import {
  TOOL_REGISTRY,
  ToolRegistryService,
  type ToolRegistry,
} from '../../src/registry';
import { TOOL_DEFINITIONS } from '../../src/tools/tool-definitions';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';

type Seed = Awaited<ReturnType<typeof seedDemoWorkspace>>;

/**
 * The reference host as `npm start` builds it (AppModule + AiToolsModule): the pieces built
 * separately must meet here — one registry behind both surfaces, the signal around it, and
 * the settings routes.
 */
describe('the assembled host', () => {
  let database: TestDatabase;
  let app: NestFastifyApplication;
  let seed: Seed;
  let baseUrl: string;

  const token = (role: string) =>
    seed.users.find((user) => user.role === role)!.token;

  beforeAll(async () => {
    database = await createTestDatabase();
    seed = await seedDemoWorkspace(database.db);
    // An endpoint without a model: the chat route must say which variable is missing.
    const config = loadAppConfig({
      AI_COMMENT_SIGNAL_DEBOUNCE_MS: '0',
      AI_BASE_URL: 'http://127.0.0.1:9/v1',
    });
    app = await createApp({ db: database.db, config, logger: false });
    await app.listen(0, '127.0.0.1');
    baseUrl = await app.getUrl();
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('serves every bound tool over POST /mcp under snake_case names, and the registry is the same one', async () => {
    const registry = app.get<ToolRegistry>(TOOL_REGISTRY);
    const client = new Client({ name: 'wiring-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL('/mcp', baseUrl), {
        requestInit: {
          headers: { authorization: `Bearer ${token('member')}` },
        },
      }),
    );
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(
        registry.tools.map((bound) => bound.spec.mcpName),
      );
      // Every one of the 41 definitions has its executor.
      expect(tools).toHaveLength(TOOL_DEFINITIONS.length);
      expect(tools).toHaveLength(41);
      expect(registry.unboundNames).toEqual([]);
      expect(tools.map((tool) => tool.name)).toContain('get_outline');
      // The service Docmost's chat would use wraps that very registry.
      expect(app.get(ToolRegistryService).registry).toBe(registry);
    } finally {
      await client.close();
    }
  });

  it('carries the comment signal on MCP results when a human comments on a page the session works on', async () => {
    const client = new Client({ name: 'wiring-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL('/mcp', baseUrl), {
        requestInit: { headers: { authorization: `Bearer ${token('owner')}` } },
      }),
    );
    try {
      const pageId = SEED_IDS.pages.releaseNotes;
      const first = await client.callTool({
        name: 'get_outline',
        arguments: { pageId },
      });
      expect(first.isError).toBeFalsy();
      expect(first.content).toHaveLength(1);

      const humanText = 'SECRET-HUMAN-TEXT please fix the intro';
      const admin = seed.users.find((user) => user.role === 'admin')!;
      await database.db
        .insertInto('comments')
        .values({
          pageId,
          spaceId: SEED_IDS.spaces.product,
          workspaceId: seed.workspaceId,
          creatorId: admin.id,
          content: JSON.stringify({
            type: 'doc',
            content: [
              {
                type: 'paragraph',
                content: [{ type: 'text', text: humanText }],
              },
            ],
          }),
          createdAt: sql<Date>`now() + interval '1 second'`,
        })
        .execute();

      const second = await client.callTool({
        name: 'get_outline',
        arguments: { pageId },
      });
      const texts = (
        second.content as Array<{ type: string; text: string }>
      ).map((part) => part.text);
      expect(texts).toHaveLength(2);
      expect(texts[1]).toMatch(
        new RegExp(
          `^\\[signal\\] new comments: 1 on page ${pageId} \\(".+"\\) — call list_comments\\(pageId\\) for details$`,
        ),
      );
      expect(JSON.stringify(second)).not.toContain('SECRET-HUMAN-TEXT');
    } finally {
      await client.close();
    }
  });

  it('hands out stashPage links that the public download route serves without a token', async () => {
    const client = new Client({ name: 'wiring-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL('/mcp', baseUrl), {
        requestInit: {
          headers: { authorization: `Bearer ${token('member')}` },
        },
      }),
    );
    try {
      const result = await client.callTool({
        name: 'stash_page',
        arguments: { pageId: SEED_IDS.pages.releaseNotes, format: 'markdown' },
      });
      expect(result.isError).toBeFalsy();
      const { url } = JSON.parse(
        (result.content as Array<{ text: string }>)[0]!.text,
      ) as { url: string };
      const path = new URL(url).pathname;
      expect(path).toMatch(/^\/api\/ai-tools\/stash\//);
      const download = await app.inject({ method: 'GET', url: path });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toMatch(/^text\/markdown/);
      expect(download.body).toContain('Release');
    } finally {
      await client.close();
    }
  });

  it('routes the deferred-tools toggle and answers the chat with 503 naming the missing variable', async () => {
    const info = await app.inject({
      method: 'POST',
      url: '/api/ai-tools/settings/info',
      headers: { authorization: `Bearer ${token('member')}` },
    });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({ deferredTools: true });

    const chat = await app.inject({
      method: 'POST',
      url: '/api/ai/chat',
      headers: {
        authorization: `Bearer ${token('member')}`,
        'content-type': 'application/json',
      },
      payload: { message: 'hello' },
    });
    expect(chat.statusCode).toBe(503);
    expect(chat.json().message).toMatch(
      /^The AI chat is not configured: set AI_MODEL /,
    );
  });
});

describe('AiToolsModule.forRootAsync in a host with its own database token (as Docmost)', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('builds the registry from the host-provided Kysely and applies executor overrides and strict mode', async () => {
    const HOST_DB = Symbol('HOST_DB');

    @Global()
    @Module({
      providers: [{ provide: HOST_DB, useValue: database.db }],
      exports: [HOST_DB],
    })
    class HostDatabaseModule {}

    const override = async () => ({ overridden: true });
    @Module({
      imports: [
        HostDatabaseModule,
        AiToolsModule.forRootAsync({
          inject: [HOST_DB],
          useFactory: (db: Kysely<DB>) => ({
            db,
            executors: { listSpaces: override, stashPage: undefined },
            commentSignal: false,
            callsPerUser: false,
            stats: false,
            logger: { warn: () => undefined },
          }),
        }),
      ],
    })
    class HostModule {
      constructor(@Inject(KYSELY) readonly db: Kysely<DB>) {}
    }

    const app = await NestFactory.create<NestFastifyApplication>(
      HostModule,
      new FastifyAdapter(),
      { logger: false },
    );
    await app.init();
    try {
      const registry = app.get<ToolRegistry>(TOOL_REGISTRY);
      expect(app.get(HostModule).db).toBe(database.db);
      expect(registry.get('listSpaces')).toBeDefined();
      // An executor set to undefined leaves that tool out of both surfaces and the catalog.
      expect(registry.get('stashPage')).toBeUndefined();
      expect(registry.unboundNames).toEqual(['stashPage']);
      // Neither the signal, the per-user limit nor the turn figures wrap the executors when off.
      expect(registry.interceptors).toHaveLength(0);
      expect(registry.allTools).toHaveLength(TOOL_DEFINITIONS.length);
      const seed = await seedDemoWorkspace(database.db);
      const result = await registry.call(
        'listSpaces',
        {},
        {
          userId: seed.users[0]!.id,
          workspaceId: seed.workspaceId,
          surface: 'chat',
          sessionId: 'wiring',
        },
      );
      expect(result.output).toEqual({ overridden: true });
    } finally {
      await app.close();
    }

    await expect(
      NestFactory.create(
        AiToolsModule.forRoot({
          db: database.db,
          strict: true,
          executors: { transformPage: undefined },
          logger: { warn: () => undefined },
        }),
        new FastifyAdapter(),
        { logger: false, abortOnError: false },
      ),
    ).rejects.toThrow(/transformPage/);
  });
});
