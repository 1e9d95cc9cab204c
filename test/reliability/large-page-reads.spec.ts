import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  seedDemoWorkspace,
  type SeedResult,
} from '../../host/seed/seed-demo-workspace';
import { SEED_IDS } from '../../host/seed/seed-ids';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';
import {
  openLiveEditor,
  type LiveEditor,
} from '../../dev/collaboration/live-editor';
import { Y, type YXmlElement } from '../../src/collaboration/yjs';
import { describeHealth, HealthProbe } from './support/health-probe';
import { documentOf } from './support/large-document';
import { recordFigure } from './support/reliability-figures';
import {
  startServer,
  type ServerUnderTest,
} from '../support/server-under-test';

/**
 * `npm start` while one member hammers its largest page (issue 20, item 3): a 6 MB page and 30
 * concurrent reads of one block. Reads used to fetch, rename (CamelCasePlugin) and parse the
 * whole document on the event loop with no per-user limit: the health check waited up to
 * 2.7 s. Timing is bounded generously here; the figures go to RELIABILITY_FIGURES.
 */
jest.setTimeout(180_000);

/** Every health answer must come within this (a sanity bound, not the latency goal). */
const HEALTH_BOUND_MS = 1_500;
const CONCURRENT_READS = 30;
const CONCURRENT_EDITS = 4;

describe('npm start while one member hammers its largest page', () => {
  let database: TestDatabase;
  let server: ServerUnderTest;
  let seed: SeedResult;
  let member: Client;
  /** Another user (the workspace owner), calling alongside the member. */
  let otherUser: Client;
  let editor: LiveEditor | undefined;
  const pageId = SEED_IDS.pages.roadmap;

  async function call(
    name: string,
    args: Record<string, unknown>,
    client: Client = member,
  ) {
    const startedAt = performance.now();
    const result = await client.callTool({ name, arguments: args }, undefined, {
      timeout: 120_000,
    });
    const text = (result.content as { type: string; text: string }[])
      .map((part) => part.text)
      .join('\n');
    return {
      isError: result.isError === true,
      text,
      elapsedMs: performance.now() - startedAt,
    };
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    seed = await seedDemoWorkspace(database.db);
    // The page as a member could have made it through updatePageJson (within the body limit),
    // with the text shadow the writer stores beside it.
    const document = documentOf(6);
    await database.db
      .updateTable('pages')
      .set({
        content: JSON.stringify(document) as never,
        textContent: document.content
          .map((block) => block.content[0]!.text)
          .join('\n'),
      })
      .where('id', '=', pageId)
      .execute();
    server = await startServer(
      {
        DATABASE_URL: database.url,
        // What the editor types stays unsaved for the whole test.
        COLLAB_DEBOUNCE_MS: '600000',
        COLLAB_MAX_DEBOUNCE_MS: '600000',
      },
      { recordEventLoopStalls: true },
    );
    const connect = async (role: 'member' | 'owner') => {
      const token = seed.users.find((user) => user.role === role)!.token;
      const client = new Client({ name: 'large-page-test', version: '1.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/mcp`), {
          requestInit: { headers: { Authorization: `Bearer ${token}` } },
        }),
      );
      return client;
    };
    member = await connect('member');
    otherUser = await connect('owner');
  });

  afterAll(async () => {
    editor?.close();
    await member?.close().catch(() => undefined);
    await otherUser?.close().catch(() => undefined);
    await server?.stop();
    await database?.drop();
  });

  it(`keeps the health check and another user's calls answering through ${CONCURRENT_READS} concurrent block reads of a 6 MB page`, async () => {
    // The other user is already at work (its session's first call is behind it).
    await call('get_outline', { pageId: SEED_IDS.pages.pricing }, otherUser);
    const health = await HealthProbe.start(server);
    const burst = Promise.all(
      Array.from({ length: CONCURRENT_READS }, (_, index) =>
        call('get_node', { pageId, block: `#${index * 100}` }),
      ),
    );
    // Someone else reads a small page while the burst runs: one user's calls run four at a
    // time (callsPerUser), so the other's never queue behind them in the database pool.
    const others: Awaited<ReturnType<typeof call>>[] = [];
    for (let round = 0; round < 5; round++) {
      others.push(
        await call(
          'get_outline',
          { pageId: SEED_IDS.pages.pricing },
          otherUser,
        ),
      );
    }
    const reads = await burst;
    const probe = await health.stop();
    const answered = reads.filter((read) => !read.isError);
    recordFigure(
      'large page: 30 concurrent getNode on 6 MB, health p50 / p99 / max',
      describeHealth(probe),
    );
    recordFigure(
      'large page: 30 concurrent getNode on 6 MB, answered / refused as busy, slowest',
      `${answered.length} / ${reads.length - answered.length}, ${Math.round(Math.max(...reads.map((read) => read.elapsedMs)))} ms`,
    );
    recordFigure(
      "large page: another user's getOutline during the burst, slowest of 5",
      `${Math.round(Math.max(...others.map((other) => other.elapsedMs)))} ms (each: ${others.map((other) => Math.round(other.elapsedMs)).join(', ')})`,
    );
    // The member's calls wait their turn rather than fail: 30 is within the 32 one user may
    // have running or waiting.
    expect(
      reads.filter((read) => read.isError).map((read) => read.text),
    ).toEqual([]);
    for (const [index, read] of reads.entries())
      expect(read.text).toContain(`Paragraph ${index * 100} `);
    for (const other of others) {
      expect(other.isError).toBe(false);
      expect(other.elapsedMs).toBeLessThan(HEALTH_BOUND_MS);
    }
    expect(probe.max).toBeLessThan(HEALTH_BOUND_MS);
    expect(server.alive()).toBe(true);
  });

  it(`keeps the health check answering through ${CONCURRENT_READS} concurrent block reads of the same page open in an editor, and every read sees the editor's unsaved typing`, async () => {
    // A person has the page open and types; Hocuspocus holds the typing until its next store.
    const owner = seed.users.find((user) => user.role === 'owner')!;
    editor = await openLiveEditor({
      url: `${server.baseUrl.replace('http', 'ws')}/collab`,
      pageId,
      token: owner.token,
      timeoutMs: 60_000,
    });
    const typed = 'Typed in the editor, not stored yet. ';
    const firstBlock = editor.fragment.get(0) as YXmlElement;
    (firstBlock.get(0) as InstanceType<typeof Y.XmlText>).insert(0, typed);
    await editor.settled();

    const health = await HealthProbe.start(server);
    const reads = await Promise.all(
      Array.from({ length: CONCURRENT_READS }, (_, index) =>
        call('get_node', { pageId, block: `#${index * 100}` }),
      ),
    );
    // While the person keeps typing, a few more rounds: each read converts what changed.
    for (let round = 0; round < 3; round++) {
      (firstBlock.get(0) as InstanceType<typeof Y.XmlText>).insert(0, '.');
      await editor.settled();
      reads.push(
        ...(await Promise.all(
          Array.from({ length: 8 }, (_, index) =>
            call('get_node', { pageId, block: `#${index * 300}` }),
          ),
        )),
      );
    }
    const probe = await health.stop();
    const answered = reads.filter((read) => !read.isError);
    recordFigure(
      'large live page: 54 getNode on 6 MB open in an editor that types, health p50 / p99 / max',
      describeHealth(probe),
    );
    recordFigure(
      'large live page: 54 getNode on 6 MB open in an editor, answered / refused as busy, slowest',
      `${answered.length} / ${reads.length - answered.length}, ${Math.round(Math.max(...reads.map((read) => read.elapsedMs)))} ms`,
    );
    expect(answered.length).toBeGreaterThan(0);
    for (const read of reads.filter((read) => read.isError))
      expect(read.text).toContain(
        'tool calls on large pages (500,000 characters or more) running or waiting',
      );
    // Every answered read of the first block (the first of each batch) has the typing no
    // store has written yet.
    const firstBlockReads = [
      reads[0]!,
      ...[0, 1, 2].map((round) => reads[CONCURRENT_READS + round * 8]!),
    ].filter((read) => !read.isError);
    expect(firstBlockReads.length).toBeGreaterThan(0);
    for (const read of firstBlockReads) expect(read.text).toContain(typed);
    expect(probe.max).toBeLessThan(HEALTH_BOUND_MS);
    expect(server.alive()).toBe(true);
  });

  it('keeps the health check answering while the member edits that open page, and the editor gets every edit', async () => {
    // The page stays open in the editor of the test before (each test alone opens it anew).
    editor ??= await openLiveEditor({
      url: `${server.baseUrl.replace('http', 'ws')}/collab`,
      pageId,
      token: seed.users.find((user) => user.role === 'owner')!.token,
      timeoutMs: 60_000,
    });
    const health = await HealthProbe.start(server);
    // Each edit on its own paragraph: "Paragraph <n> " starts block #n.
    const edits = await Promise.all(
      Array.from({ length: CONCURRENT_EDITS }, (_, index) =>
        call('edit_page_text', {
          pageId,
          find: `Paragraph ${(index + 1) * 1000} `,
          replace: `Edited paragraph ${(index + 1) * 1000} `,
        }),
      ),
    );
    const probe = await health.stop();
    const answered = edits.filter((edit) => !edit.isError);
    recordFigure(
      `large live page: ${CONCURRENT_EDITS} concurrent editPageText on 6 MB open in an editor, health p50 / p99 / max`,
      describeHealth(probe),
    );
    recordFigure(
      `large live page: ${CONCURRENT_EDITS} concurrent editPageText on 6 MB open in an editor, written / refused, slowest`,
      `${answered.length} / ${edits.length - answered.length}, ${Math.round(Math.max(...edits.map((edit) => edit.elapsedMs)))} ms`,
    );
    expect(answered.length).toBeGreaterThan(0);
    // Refused only as busy or as a conflict with a concurrent edit, never lost or half-written.
    for (const edit of edits.filter((edit) => edit.isError))
      expect(edit.text).toMatch(
        /running or waiting|the server is busy with other tool calls on large pages|changed where you are writing/,
      );
    await editor.settled();
    const deadline = Date.now() + 20_000;
    const inEditor = () =>
      edits
        .map((edit, index) => ({ edit, index }))
        .filter(({ edit }) => !edit.isError)
        .every(({ index }) =>
          (editor!.fragment.get((index + 1) * 1000) as YXmlElement)
            .toString()
            .includes(`Edited paragraph ${(index + 1) * 1000} `),
        );
    while (!inEditor() && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(inEditor()).toBe(true);
    expect(probe.max).toBeLessThan(HEALTH_BOUND_MS);
    expect(server.alive()).toBe(true);
  });
});
