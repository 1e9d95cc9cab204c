import { PAGE_NOT_FOUND } from '../../../src/access';
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { SEED_IDS } from '../../../host/seed/seed-ids';
import { PageStashRepository } from '../../../src/stash';
import type { StashPageResult } from '../../../src/tools/content';
import {
  createTestDatabase,
  type TestDatabase,
} from '../../support/test-database';
import {
  expectToolError,
  PUBLIC_BASE_URL,
  seededTools,
  type SeededTools,
} from '../../support/seeded-tools';

const P = SEED_IDS.pages;
const URL_PATTERN = new RegExp(
  `^${PUBLIC_BASE_URL.replace(/\./g, '\\.')}/api/ai-tools/stash/([A-Za-z0-9_-]{43})$`,
);

function keyOf(url: string): string {
  const match = URL_PATTERN.exec(url);
  expect(match).not.toBeNull();
  return match![1]!;
}

describe('stashPage', () => {
  let database: TestDatabase;
  let tools: SeededTools;

  beforeAll(async () => {
    database = await createTestDatabase();
    tools = seededTools(database.db);
  });

  afterAll(async () => {
    await database?.drop();
  });

  function stashRows() {
    return database.db
      .withTables<{ aiToolsPageStashes: Record<string, any> }>()
      .selectFrom('aiToolsPageStashes')
      .selectAll();
  }

  async function clearStashes(): Promise<void> {
    await database.db
      .withTables<{ aiToolsPageStashes: { id: string } }>()
      .deleteFrom('aiToolsPageStashes')
      .execute();
  }

  beforeEach(clearStashes);

  it("snapshots the page as JSON behind an unguessable URL, storing only the key's sha256", async () => {
    const page = await tools.page(P.designPrinciples);
    const result = await tools.call<StashPageResult>(
      'stashPage',
      { pageId: P.designPrinciples },
      'member',
    );

    expect(result).toMatchObject({
      format: 'json',
      pageId: P.designPrinciples,
      title: 'Design Principles',
      images: 1,
    });
    const key = keyOf(result.url);
    const rows = await stashRows().execute();
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({
      keyHash: createHash('sha256').update(key).digest('hex'),
      workspaceId: SEED_IDS.workspace,
      pageId: P.designPrinciples,
      creatorId: SEED_IDS.users.member,
      format: 'json',
      fileName: 'design-principles.json',
      bytes: result.bytes,
    });
    expect(JSON.stringify(row)).not.toContain(key);
    expect(Buffer.byteLength(row.body)).toBe(result.bytes);
    const snapshot = JSON.parse(row.body);
    expect(snapshot).toMatchObject({
      pageId: P.designPrinciples,
      slugId: 'HCEjaQasqG',
      title: 'Design Principles',
      spaceId: SEED_IDS.spaces.product,
      version: page.version,
    });
    expect(snapshot.content).toEqual(page.content);
    expect(JSON.stringify(snapshot.content)).toContain(
      '/files/design-principles.png',
    );
    expect(new Date(result.expiresAt).toISOString()).toBe(result.expiresAt);
  });

  it('expires after expiresInMinutes by the database clock (default 15)', async () => {
    await tools.call('stashPage', { pageId: P.pricing });
    await tools.call('stashPage', {
      pageId: P.pricing,
      expiresInMinutes: 1440,
    });
    const { rows } = await sql<{ minutes: number }>`
      select extract(epoch from expires_at - created_at)::int / 60 as minutes from ai_tools_page_stashes order by expires_at`.execute(
      database.db,
    );
    expect(rows.map((row) => row.minutes)).toEqual([15, 1440]);
  });

  it('refuses a lifetime outside 1-1440 minutes and an unknown format, naming the field', async () => {
    const tooLong = await expectToolError(
      tools.call('stashPage', { pageId: P.pricing, expiresInMinutes: 1441 }),
    );
    expect(tooLong.code).toBe('invalid_input');
    expect(tooLong.message).toContain('expiresInMinutes');
    const format = await expectToolError(
      tools.call('stashPage', { pageId: P.pricing, format: 'pdf' }),
    );
    expect(format.message).toContain('format');
    expect(await stashRows().execute()).toEqual([]);
  });

  it('gives the member the missing-page answer on a Leadership page and stores nothing', async () => {
    const denied = await expectToolError(
      tools.call('stashPage', { pageId: P.boardPrep }, 'member'),
    );
    expect(denied.code).toBe('not_found');
    expect(denied.message).toBe(`page ${P.boardPrep} ${PAGE_NOT_FOUND}`);
    expect(await stashRows().execute()).toEqual([]);
    await expect(
      tools.call('stashPage', { pageId: P.boardPrep }, 'admin'),
    ).resolves.toMatchObject({ pageId: P.boardPrep });
  });

  it('needs only read access', async () => {
    await database.db
      .updateTable('spaceMembers')
      .set({ role: 'reader' })
      .where('id', '=', SEED_IDS.spaceMembers.productWriters)
      .execute();
    try {
      await expect(
        tools.call('stashPage', { pageId: P.roadmap }, 'member'),
      ).resolves.toMatchObject({ pageId: P.roadmap });
    } finally {
      await database.db
        .updateTable('spaceMembers')
        .set({ role: 'writer' })
        .where('id', '=', SEED_IDS.spaceMembers.productWriters)
        .execute();
    }
  });

  it('refuses a snapshot over the size limit, and more live stashes than a user may hold', async () => {
    const small = seededTools(database.db, {
      stash: { maxBytes: 1024, maxActivePerUser: 2 },
    });
    const tooBig = await expectToolError(
      small.call('stashPage', { pageId: P.pricing }),
    );
    expect(tooBig.code).toBe('limit_exceeded');
    expect(tooBig.message).toMatch(
      /^the snapshot is [\d.]+ KiB as json; a stash holds at most 1 KiB\. Nothing was stashed\.$/,
    );
    expect(await stashRows().execute()).toEqual([]);

    const limited = seededTools(database.db, {
      stash: { maxActivePerUser: 2 },
    });
    await limited.call('stashPage', { pageId: P.onboarding }, 'member');
    await limited.call('stashPage', { pageId: P.onboarding }, 'member');
    const third = await expectToolError(
      limited.call('stashPage', { pageId: P.onboarding }, 'member'),
    );
    expect(third.code).toBe('limit_exceeded');
    expect(third.message).toContain(
      'you already have 2 unexpired stash links (at most 2)',
    );
    // Another user's allowance is their own.
    await expect(
      limited.call('stashPage', { pageId: P.onboarding }, 'admin'),
    ).resolves.toMatchObject({ pageId: P.onboarding });
    // Expired stashes no longer count, and the next stash deletes them.
    await sql`update ai_tools_page_stashes set expires_at = now() - interval '1 minute' where creator_id = ${SEED_IDS.users.member}`.execute(
      database.db,
    );
    await limited.call('stashPage', { pageId: P.onboarding }, 'member');
    const rows = await stashRows().execute();
    expect(
      rows.filter((row) => row.creatorId === SEED_IDS.users.member),
    ).toHaveLength(1);
  });

  it('deletes expired stashes in bounded batches', async () => {
    const repository = new PageStashRepository(database.db);
    for (let index = 0; index < 3; index++)
      await tools.call('stashPage', { pageId: P.pricing });
    await sql`update ai_tools_page_stashes set expires_at = now() - interval '1 second'`.execute(
      database.db,
    );
    expect(await repository.deleteExpired(2)).toBe(2);
    expect(await repository.deleteExpired(2)).toBe(1);
    expect(await stashRows().execute()).toEqual([]);
  });

  it('goes with its page when the page is deleted for good', async () => {
    await tools.call('stashPage', { pageId: P.weeklySync });
    await database.db
      .deleteFrom('pageHistory')
      .where('pageId', '=', P.weeklySync)
      .execute();
    await database.db
      .deleteFrom('comments')
      .where('pageId', '=', P.weeklySync)
      .execute();
    await database.db
      .deleteFrom('pages')
      .where('id', '=', P.weeklySync)
      .execute();
    expect(await stashRows().execute()).toEqual([]);
  });
});
