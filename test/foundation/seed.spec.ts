import { sql, type Kysely } from 'kysely';
import type { DB } from '../../src/database';
import { hashApiToken } from '../../host/auth/api-token';
import {
  seedDemoWorkspace,
  type SeedResult,
} from '../../host/seed/seed-demo-workspace';
import { SEED_IDS, SEED_NODE_IDS } from '../../host/seed/seed-ids';
import { extractText } from '../../src/document';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';

const SEEDED_TABLES = [
  'workspaces',
  'users',
  'groups',
  'group_users',
  'spaces',
  'space_members',
  'pages',
  'comments',
  'page_history',
  'shares',
] as const;

async function rowCounts(db: Kysely<DB>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of SEEDED_TABLES) {
    const { rows } = await sql<{
      count: number;
    }>`select count(*)::int as count from ${sql.table(table)}`.execute(db);
    counts[table] = rows[0]!.count;
  }
  return counts;
}

/** Spaces a user reaches directly or through a group, as every tool checks access. */
async function spacesOf(db: Kysely<DB>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('spaceMembers')
    .leftJoin('groupUsers', 'groupUsers.groupId', 'spaceMembers.groupId')
    .select('spaceMembers.spaceId')
    .where((eb) =>
      eb.or([
        eb('spaceMembers.userId', '=', userId),
        eb('groupUsers.userId', '=', userId),
      ]),
    )
    .where('spaceMembers.deletedAt', 'is', null)
    .execute();
  return [...new Set(rows.map((row) => row.spaceId))].sort();
}

describe('seedDemoWorkspace', () => {
  let database: TestDatabase;
  let first: SeedResult;
  let second: SeedResult;
  let countsAfterFirst: Record<string, number>;

  beforeAll(async () => {
    database = await createTestDatabase({ seeded: false });
    first = await seedDemoWorkspace(database.db);
    countsAfterFirst = await rowCounts(database.db);
    second = await seedDemoWorkspace(database.db);
  });
  afterAll(async () => {
    await database.drop();
  });

  it('returns the workspace, spaces, pages and users under their fixed ids', () => {
    expect(first.workspaceId).toBe(SEED_IDS.workspace);
    expect(first.spaces).toEqual([
      { id: SEED_IDS.spaces.product, name: 'Product' },
      { id: SEED_IDS.spaces.leadership, name: 'Leadership' },
    ]);
    expect(first.users.map(({ email, role }) => ({ email, role }))).toEqual([
      { email: 'owner@acme.test', role: 'owner' },
      { email: 'admin@acme.test', role: 'admin' },
      { email: 'member@acme.test', role: 'member' },
    ]);
    expect(first.pages.length).toBeGreaterThanOrEqual(12);
    expect(first.pages).toContainEqual({
      id: SEED_IDS.pages.pricing,
      title: 'Pricing and Plans',
      spaceId: SEED_IDS.spaces.product,
    });
  });

  it('gives the same ids and adds no rows when run again', async () => {
    const withoutTokens = (result: SeedResult) => ({
      ...result,
      users: result.users.map(({ token: _token, ...user }) => user),
    });
    expect(withoutTokens(second)).toEqual(withoutTokens(first));
    expect(await rowCounts(database.db)).toEqual(countsAfterFirst);
    expect(countsAfterFirst.pages).toBe(first.pages.length);
    expect(countsAfterFirst.workspaces).toBe(1);
  });

  it('issues new tokens on every run, stores only their sha256 and revokes the previous ones', async () => {
    for (const [index, user] of second.users.entries()) {
      expect(user.token).toMatch(/^dmt_[A-Za-z0-9_-]{43}$/);
      expect(user.token).not.toBe(first.users[index]!.token);
    }
    const tokens = await database.db
      .selectFrom('apiTokens')
      .selectAll()
      .execute();
    expect(tokens).toHaveLength(6);
    const active = tokens.filter((token) => token.revokedAt === null);
    expect(active.map((token) => token.tokenHash).sort()).toEqual(
      second.users.map((user) => hashApiToken(user.token)).sort(),
    );
    const revoked = tokens.filter((token) => token.revokedAt !== null);
    expect(revoked.map((token) => token.tokenHash).sort()).toEqual(
      first.users.map((user) => hashApiToken(user.token)).sort(),
    );
    const plaintexts = new Set(
      [...first.users, ...second.users].map((user) => user.token),
    );
    for (const token of tokens)
      expect(plaintexts.has(token.tokenHash)).toBe(false);
  });

  it('gives the member the Product space through the Writers group and no Leadership access', async () => {
    const db = database.db;
    expect(await spacesOf(db, SEED_IDS.users.member)).toEqual([
      SEED_IDS.spaces.product,
    ]);
    expect(await spacesOf(db, SEED_IDS.users.owner)).toEqual(
      [SEED_IDS.spaces.product, SEED_IDS.spaces.leadership].sort(),
    );
    const direct = await db
      .selectFrom('spaceMembers')
      .select('spaceId')
      .where('userId', '=', SEED_IDS.users.member)
      .execute();
    expect(direct).toEqual([]);
    const group = await db
      .selectFrom('groups')
      .select('name')
      .where('id', '=', SEED_IDS.groups.writers)
      .executeTakeFirstOrThrow();
    expect(group.name).toBe('Writers');
  });

  it('stores text_content as the plain text of each page', async () => {
    const pages = await database.db
      .selectFrom('pages')
      .select(['id', 'content', 'textContent', 'slugId'])
      .execute();
    for (const page of pages)
      expect(page.textContent).toBe(extractText(page.content));
    const pricing = pages.find((page) => page.id === SEED_IDS.pages.pricing)!;
    expect(pricing.textContent).toContain('Team\n$8\nUp to 200');
    expect(JSON.stringify(pricing.content)).toContain(
      SEED_NODE_IDS.pricingTeamPrice,
    );
  });

  it('seeds resolved and open comment threads, history versions and a public share', async () => {
    const db = database.db;
    const comments = await db.selectFrom('comments').selectAll().execute();
    const resolved = comments.filter((comment) => comment.resolvedAt !== null);
    expect(resolved.length).toBeGreaterThanOrEqual(2);
    for (const comment of resolved) expect(comment.resolvedById).not.toBeNull();
    expect(
      comments.filter((comment) => comment.parentCommentId !== null).length,
    ).toBeGreaterThanOrEqual(3);
    expect(
      comments.some(
        (comment) => comment.spaceId === SEED_IDS.spaces.leadership,
      ),
    ).toBe(true);
    expect(new Set(comments.map((comment) => comment.createdSource))).toEqual(
      new Set(['user']),
    );

    const history = await db
      .selectFrom('pageHistory')
      .select(['pageId', 'version'])
      .orderBy('pageId')
      .orderBy('version')
      .execute();
    expect(
      history
        .filter((row) => row.pageId === SEED_IDS.pages.releaseNotes)
        .map((row) => row.version),
    ).toEqual([1, 2, 3]);
    expect(
      history
        .filter((row) => row.pageId === SEED_IDS.pages.strategy)
        .map((row) => row.version),
    ).toEqual([1, 2]);

    const shares = await db.selectFrom('shares').selectAll().execute();
    expect(shares).toHaveLength(1);
    expect(shares[0]).toMatchObject({
      pageId: SEED_IDS.pages.productHandbook,
      deletedAt: null,
    });
  });

  it('restores edited demo rows on a rerun but keeps workspace settings', async () => {
    const db = database.db;
    await db
      .updateTable('pages')
      .set({ title: 'Changed', deletedAt: new Date() })
      .where('id', '=', SEED_IDS.pages.roadmap)
      .execute();
    await db
      .updateTable('workspaces')
      .set({ settings: { ai: { deferredTools: false } } })
      .where('id', '=', SEED_IDS.workspace)
      .execute();

    await seedDemoWorkspace(db);

    const page = await db
      .selectFrom('pages')
      .select(['title', 'deletedAt'])
      .where('id', '=', SEED_IDS.pages.roadmap)
      .executeTakeFirstOrThrow();
    expect(page).toEqual({ title: 'Roadmap 2025', deletedAt: null });
    const workspace = await db
      .selectFrom('workspaces')
      .select('settings')
      .where('id', '=', SEED_IDS.workspace)
      .executeTakeFirstOrThrow();
    expect(workspace.settings).toEqual({ ai: { deferredTools: false } });
  });
});
