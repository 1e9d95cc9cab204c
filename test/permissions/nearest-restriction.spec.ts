import { PAGE_NOT_FOUND } from '../../src/access';
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
import { createTargetPage, restrictPage } from './support/restricted-pages';

/**
 * The finer points of Docmost's rule, through the tools: restrictions nest (every one on the
 * chain must grant), the nearest one alone decides edits, and a page grant never reaches past
 * space membership.
 */

let database: TestDatabase;
let registry: ToolRegistry;
const MEMBER = SEED_IDS.users.member;

beforeAll(async () => {
  database = await createTestDatabase();
  registry = seededTools(database.db).registry;
});
afterAll(async () => {
  await database?.drop();
});

const rename = (pageId: string) =>
  registry.call(
    'renamePage',
    { pageId, title: `Renamed ${pageId.slice(0, 8)}` },
    contextFor('member'),
  );

it('lets a writer grant on the nearer restriction edit, though the outer one only grants reading', async () => {
  const outer = await createTargetPage(database.db);
  await restrictPage(database.db, outer.pageId, [
    { userId: MEMBER, role: 'reader' },
  ]);
  const inner = await createTargetPage(database.db, {
    parentPageId: outer.pageId,
  });
  await restrictPage(database.db, inner.pageId, [
    { userId: MEMBER, role: 'writer' },
  ]);
  await expect(rename(inner.pageId)).resolves.toMatchObject({
    output: { title: expect.stringContaining('Renamed') },
  });
  expect((await expectToolError(rename(outer.pageId))).message).toContain(
    'read-only access',
  );
});

it('refuses edits below a reader restriction though an outer one grants writing', async () => {
  const outer = await createTargetPage(database.db);
  await restrictPage(database.db, outer.pageId, [
    { groupId: SEED_IDS.groups.writers, role: 'writer' },
  ]);
  const inner = await createTargetPage(database.db, {
    parentPageId: outer.pageId,
  });
  await restrictPage(database.db, inner.pageId, [
    { userId: MEMBER, role: 'reader' },
  ]);
  const below = await createTargetPage(database.db, {
    parentPageId: inner.pageId,
  });
  await expect(rename(outer.pageId)).resolves.toBeDefined();
  expect((await expectToolError(rename(inner.pageId))).message).toContain(
    'read-only access',
  );
  // No restriction of its own: the nearest one up the chain (the reader one) decides.
  expect((await expectToolError(rename(below.pageId))).message).toContain(
    'read-only access',
  );
  expect(
    (
      await registry.call(
        'getPage',
        { pageId: below.pageId },
        contextFor('member'),
      )
    ).output,
  ).toMatchObject({ title: below.title });
});

it('hides a page when any restriction on its chain leaves the caller out, however the others grant', async () => {
  const outer = await createTargetPage(database.db);
  await restrictPage(database.db, outer.pageId, [
    { userId: MEMBER, role: 'writer' },
  ]);
  const inner = await createTargetPage(database.db, {
    parentPageId: outer.pageId,
  });
  await restrictPage(database.db, inner.pageId);
  const error = await expectToolError(
    registry.call('getPage', { pageId: inner.pageId }, contextFor('member')),
  );
  expect(error.message).toBe(`page ${inner.pageId} ${PAGE_NOT_FOUND}`);
});

it('never lets a page grant reach into a space the caller does not belong to', async () => {
  const page = await createTargetPage(database.db);
  await database.db
    .updateTable('pages')
    .set({ spaceId: SEED_IDS.spaces.leadership })
    .where('id', '=', page.pageId)
    .execute();
  await restrictPage(database.db, page.pageId, [
    { userId: MEMBER, role: 'writer' },
  ]);
  const error = await expectToolError(
    registry.call('getPage', { pageId: page.pageId }, contextFor('member')),
  );
  expect(error.message).toBe(`page ${page.pageId} ${PAGE_NOT_FOUND}`);
});

it('answers on a parent_page_id cycle in the data instead of walking it forever', async () => {
  const first = await createTargetPage(database.db);
  const second = await createTargetPage(database.db, {
    parentPageId: first.pageId,
  });
  await database.db
    .updateTable('pages')
    .set({ parentPageId: second.pageId })
    .where('id', '=', first.pageId)
    .execute();
  await restrictPage(database.db, first.pageId);
  const error = await expectToolError(
    registry.call('getPage', { pageId: second.pageId }, contextFor('member')),
  );
  expect(error.code).toBe('not_found');
  const listed = (
    await registry.call(
      'listPages',
      { spaceId: SEED_IDS.spaces.product, limit: 100 },
      contextFor('member'),
    )
  ).output as { pages: { id: string }[] };
  expect(listed.pages.map((page) => page.id)).not.toContain(second.pageId);
  expect(
    (
      await registry.call(
        'getPage',
        { pageId: second.pageId },
        contextFor('owner'),
      )
    ).output,
  ).toMatchObject({ title: second.title });
});
