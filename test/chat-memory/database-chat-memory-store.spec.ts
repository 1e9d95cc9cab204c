import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import {
  createDatabaseChatMemoryStore,
  type ChatMemoryKey,
  type ChatMemoryStore,
} from '../../src/chat-memory';
import { createKysely } from '../../src/database';
import { SEED_IDS } from '../../host/seed/seed-ids';
import {
  createTestDatabase,
  testDatabaseDriver,
  type TestDatabase,
} from '../support/test-database';

const { pages, users, workspace } = SEED_IDS;
const BOUNDS = { maxCarriedTools: 3, maxWorkingSetPages: 2 };

let database: TestDatabase;
let store: ChatMemoryStore;

beforeAll(async () => {
  database = await createTestDatabase();
  store = createDatabaseChatMemoryStore(database.db, BOUNDS);
});

afterAll(async () => {
  await database?.drop();
});

async function newChat(): Promise<ChatMemoryKey> {
  const id = randomUUID();
  await database.db
    .insertInto('aiChats')
    .values({
      id,
      workspaceId: workspace,
      creatorId: users.member,
      title: 'memory test',
    })
    .execute();
  return { chatId: id, workspaceId: workspace };
}

const noPages = [] as const;

describe('chat memory in the database', () => {
  it('a chat no turn ended has no memory', async () => {
    expect(await store.load(await newChat())).toBeUndefined();
  });

  it('stores tools in activation order and watermarks to the microsecond, text in and text out', async () => {
    const key = await newChat();
    await store.save(key, {
      activatedTools: [
        { name: 'getTable', usedAt: 1_000 },
        { name: 'tableUpdateCell', usedAt: 2_000 },
      ],
      commentPages: [
        {
          pageId: pages.pricing,
          watermark: { database: '2026-03-01T10:00:00.123456Z' },
          checkedMillisecondsAgo: 0,
          touchedMillisecondsAgo: 0,
        },
      ],
    });
    const loaded = await store.load(key);
    expect(loaded?.activatedTools).toEqual([
      { name: 'getTable', usedAt: 1_000 },
      { name: 'tableUpdateCell', usedAt: 2_000 },
    ]);
    expect(loaded?.commentPages).toEqual([
      {
        pageId: pages.pricing,
        watermark: '2026-03-01T10:00:00.123456Z',
        checkedMillisecondsAgo: expect.any(Number),
        touchedMillisecondsAgo: expect.any(Number),
      },
    ]);
    expect(loaded?.endedAt).toMatch(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/,
    );
    // Another workspace's caller does not get it.
    expect(
      await store.load({
        ...key,
        workspaceId: SEED_IDS.workspace.replace(/.$/, '9'),
      }),
    ).toBeUndefined();
  });

  it('a relative watermark is resolved on the database clock', async () => {
    const key = await newChat();
    await store.save(key, {
      activatedTools: [],
      commentPages: [
        {
          pageId: pages.pricing,
          watermark: { millisecondsAgo: 60_000 },
          touchedMillisecondsAgo: 0,
        },
      ],
    });
    const { rows } = await sql<{ seconds: number }>`
      select extract(epoch from now() - (comment_signal->0->>'watermark')::timestamptz)::float8 as seconds
      from ai_tools_chat_memory where chat_id = ${key.chatId}::uuid`.execute(
      database.db,
    );
    expect(rows[0]!.seconds).toBeGreaterThanOrEqual(60);
    expect(rows[0]!.seconds).toBeLessThan(3_600);
  });

  it('two turns ending at once keep both activations and the greatest watermark of each page', async () => {
    const key = await newChat();
    await store.save(key, {
      activatedTools: [{ name: 'getTable', usedAt: 1 }],
      commentPages: [
        {
          pageId: pages.pricing,
          watermark: { database: '2026-03-01T10:00:00.000001Z' },
          touchedMillisecondsAgo: 0,
        },
      ],
    });
    // Two pools, so the statements really run on two connections at once.
    const other = createKysely({
      connectionString: database.url,
      max: 2,
      driver: testDatabaseDriver(),
    });
    try {
      const otherStore = createDatabaseChatMemoryStore(other, BOUNDS);
      await Promise.all([
        store.save(key, {
          activatedTools: [
            { name: 'getTable', usedAt: 1 },
            { name: 'tableUpdateCell', usedAt: 2 },
          ],
          commentPages: [
            {
              pageId: pages.pricing,
              watermark: { database: '2026-03-01T10:00:00.000003Z' },
              touchedMillisecondsAgo: 0,
            },
          ],
        }),
        otherStore.save(key, {
          activatedTools: [
            { name: 'getTable', usedAt: 1 },
            { name: 'tableInsertRow', usedAt: 3 },
          ],
          commentPages: [
            {
              pageId: pages.pricing,
              watermark: { database: '2026-03-01T10:00:00.000002Z' },
              touchedMillisecondsAgo: 0,
            },
          ],
        }),
      ]);
      const loaded = await createDatabaseChatMemoryStore(other, BOUNDS).load(
        key,
      );
      expect(loaded?.activatedTools.map((tool) => tool.name).sort()).toEqual([
        'getTable',
        'tableInsertRow',
        'tableUpdateCell',
      ]);
      expect(loaded?.activatedTools[0]?.name).toBe('getTable');
      expect(loaded?.commentPages.map((page) => page.watermark)).toEqual([
        '2026-03-01T10:00:00.000003Z',
      ]);
    } finally {
      await other.destroy();
    }
  });

  it('keeps the bounds: the least recently used tools and least recently touched pages leave first', async () => {
    const key = await newChat();
    await store.save(key, {
      activatedTools: [
        { name: 'getTable', usedAt: 40 },
        { name: 'tableUpdateCell', usedAt: 10 },
        { name: 'tableInsertRow', usedAt: 30 },
        { name: 'deleteNode', usedAt: 20 },
      ],
      commentPages: [
        {
          pageId: pages.pricing,
          watermark: { database: '2026-03-01T10:00:00Z' },
          touchedMillisecondsAgo: 3_000,
        },
        {
          pageId: pages.roadmap,
          watermark: { database: '2026-03-01T10:00:00Z' },
          touchedMillisecondsAgo: 2_000,
        },
        {
          pageId: pages.releaseNotes,
          watermark: { database: '2026-03-01T10:00:00Z' },
          touchedMillisecondsAgo: 1_000,
        },
      ],
    });
    const loaded = await store.load(key);
    expect(loaded?.activatedTools.map((tool) => tool.name)).toEqual([
      'getTable',
      'tableInsertRow',
      'deleteNode',
    ]);
    expect(loaded?.commentPages.map((page) => page.pageId)).toEqual([
      pages.roadmap,
      pages.releaseNotes,
    ]);
  });

  it('an empty hand-over (toggle OFF, no tool call) keeps what was stored', async () => {
    const key = await newChat();
    const commentPages = [
      {
        pageId: pages.pricing,
        watermark: { database: '2026-03-01T10:00:00.5Z' },
        touchedMillisecondsAgo: 0,
      },
    ];
    await store.save(key, {
      activatedTools: [{ name: 'getTable', usedAt: 1 }],
      commentPages,
    });
    await store.save(key, { activatedTools: [], commentPages: [] });
    const loaded = await store.load(key);
    expect(loaded?.activatedTools).toEqual([{ name: 'getTable', usedAt: 1 }]);
    expect(loaded?.commentPages.map((page) => page.watermark)).toEqual([
      '2026-03-01T10:00:00.500000Z',
    ]);
  });

  it('goes with its chat', async () => {
    const key = await newChat();
    await store.save(key, {
      activatedTools: [{ name: 'getTable', usedAt: 1 }],
      commentPages: noPages,
    });
    await database.db
      .deleteFrom('aiChats')
      .where('id', '=', key.chatId)
      .execute();
    expect(await store.load(key)).toBeUndefined();
  });
});
