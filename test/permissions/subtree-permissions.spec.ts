import { SEED_IDS } from '../../host/seed/seed-ids';
import type { ToolRegistry } from '../../src/registry/tool-registry';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';
import {
  contextFor,
  expectToolError,
  seededTools,
} from '../support/seeded-tools';
import {
  createTargetPage,
  footprint,
  restrictPage,
} from './support/restricted-pages';

/**
 * Tools that change a whole subtree: trashing a page trashes its sub-pages, and moving it to
 * another space drops the subtree's restrictions. A sub-page the member may not edit (or see)
 * must stop both, or the member would write to it, or unrestrict it for everyone in the space.
 */

let database: TestDatabase;
let registry: ToolRegistry;

beforeAll(async () => {
  database = await createTestDatabase();
  registry = seededTools(database.db).registry;
  // The member may write in Leadership too, so a move there is the member's to make but for the sub-page.
  await database.db
    .insertInto('spaceMembers')
    .values({
      spaceId: SEED_IDS.spaces.leadership,
      userId: SEED_IDS.users.member,
      role: 'writer',
    })
    .execute();
});
afterAll(async () => {
  await database?.drop();
});

async function parentWithRestrictedChild(childGrant?: 'reader' | 'writer') {
  const parent = await createTargetPage(database.db);
  const child = await createTargetPage(database.db, {
    parentPageId: parent.pageId,
  });
  await restrictPage(
    database.db,
    child.pageId,
    childGrant ? [{ userId: SEED_IDS.users.member, role: childGrant }] : [],
  );
  return { parent, child };
}

describe.each([
  ['hidden from the member', undefined],
  ['only readable by the member', 'reader'],
] as const)('a sub-page %s', (_name, childGrant) => {
  it('stops deletePage: nothing is trashed, and the refusal names no sub-page', async () => {
    const { parent, child } = await parentWithRestrictedChild(childGrant);
    const before = [
      await footprint(database.db, parent.pageId),
      await footprint(database.db, child.pageId),
    ];
    const error = await expectToolError(
      registry.call(
        'deletePage',
        { pageId: parent.pageId },
        contextFor('member'),
      ),
    );
    expect(error.code).toBe('forbidden');
    expect(error.message).toContain('1 of its 1 sub-pages are restricted');
    expect(error.message).not.toContain(child.pageId);
    expect([
      await footprint(database.db, parent.pageId),
      await footprint(database.db, child.pageId),
    ]).toEqual(before);
  });

  it('stops a move to another space: the restriction stays', async () => {
    const { parent, child } = await parentWithRestrictedChild(childGrant);
    const error = await expectToolError(
      registry.call(
        'movePage',
        { pageId: parent.pageId, spaceId: SEED_IDS.spaces.leadership },
        contextFor('member'),
      ),
    );
    expect(error.code).toBe('forbidden');
    const rows = await database.db
      .selectFrom('pages')
      .select(['id', 'spaceId'])
      .where('id', 'in', [parent.pageId, child.pageId])
      .execute();
    expect(rows.map((row) => row.spaceId)).toEqual([
      SEED_IDS.spaces.product,
      SEED_IDS.spaces.product,
    ]);
    expect(
      await database.db
        .selectFrom('pageAccess')
        .select('id')
        .where('pageId', '=', child.pageId)
        .execute(),
    ).toHaveLength(1);
  });
});

describe('a sub-page the member may edit', () => {
  it('lets deletePage trash the whole subtree', async () => {
    const { parent, child } = await parentWithRestrictedChild('writer');
    const result = (
      await registry.call(
        'deletePage',
        { pageId: parent.pageId },
        contextFor('member'),
      )
    ).output as { trashedPageIds: string[] };
    expect(new Set(result.trashedPageIds)).toEqual(
      new Set([parent.pageId, child.pageId]),
    );
  });

  it('lets a move to another space carry it along, dropping its restriction as Docmost does', async () => {
    const { parent, child } = await parentWithRestrictedChild('writer');
    await registry.call(
      'movePage',
      { pageId: parent.pageId, spaceId: SEED_IDS.spaces.leadership },
      contextFor('member'),
    );
    const moved = await database.db
      .selectFrom('pages')
      .select('spaceId')
      .where('id', '=', child.pageId)
      .executeTakeFirstOrThrow();
    expect(moved.spaceId).toBe(SEED_IDS.spaces.leadership);
    expect(
      await database.db
        .selectFrom('pageAccess')
        .select('id')
        .where('pageId', '=', child.pageId)
        .execute(),
    ).toHaveLength(0);
  });
});

it('lets the owner, who may edit every sub-page, delete what the member may not', async () => {
  const { parent, child } = await parentWithRestrictedChild();
  const result = (
    await registry.call(
      'deletePage',
      { pageId: parent.pageId },
      contextFor('owner'),
    )
  ).output as { trashedPageIds: string[] };
  expect(new Set(result.trashedPageIds)).toEqual(
    new Set([parent.pageId, child.pageId]),
  );
});
