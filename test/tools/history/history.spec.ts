import { abbreviate } from '../../../src/ground';
import { SEED_IDS, SEED_NODE_IDS } from '../../../host/seed/seed-ids';
import { DEMO_PAGE_HISTORY } from '../../../host/seed/demo-page-history';
import { extractText } from '../../../src/document';
import {
  createTestDatabase,
  type TestDatabase,
} from '../../support/test-database';
import {
  expectToolError,
  seededTools,
  type SeededTools,
} from '../../support/seeded-tools';

const P = SEED_IDS.pages;
const H = SEED_IDS.pageHistory;
const versionContent = (id: string) =>
  DEMO_PAGE_HISTORY.find((version) => version.id === id)!.content;

let database: TestDatabase;
let tools: SeededTools;
beforeAll(async () => {
  database = await createTestDatabase();
  tools = seededTools(database.db);
});
afterAll(async () => {
  await database.drop();
});

describe('listPageHistory', () => {
  it('lists versions newest first, with who saved them, paged by cursor', async () => {
    const first = await tools.call('listPageHistory', {
      pageId: P.releaseNotes,
      limit: 2,
    });
    expect(
      first.versions.map((version: { historyId: string }) => version.historyId),
    ).toEqual([H.releaseNotesV3, H.releaseNotesV2]);
    expect(first.versions[0]).toMatchObject({
      version: 3,
      title: 'Release Notes 2.4 (draft)',
      savedAt: '2025-06-02T16:10:00.000Z',
      savedBy: { id: SEED_IDS.users.admin, name: 'Sam Patel' },
    });
    expect(first.versions[1].characters).toBe(
      extractText(versionContent(H.releaseNotesV2)).length,
    );
    expect(first.nextCursor).toEqual(expect.any(String));
    const rest = await tools.call('listPageHistory', {
      pageId: P.releaseNotes,
      limit: 2,
      cursor: first.nextCursor,
    });
    expect(
      rest.versions.map((version: { historyId: string }) => version.historyId),
    ).toEqual([H.releaseNotesV1]);
    expect(rest.nextCursor).toBeNull();
  });

  it('refuses a cursor it did not hand out', async () => {
    const listPagesCursor = Buffer.from(
      JSON.stringify([
        'listPages',
        '2025-06-02 11:00:00.123456+00',
        P.releaseNotes,
      ]),
    ).toString('base64url');
    for (const cursor of [
      'page-2',
      'v2',
      'vnull',
      'h1.bm90LWEtY3Vyc29y',
      listPagesCursor,
    ]) {
      const error = await expectToolError(
        tools.call('listPageHistory', { pageId: P.releaseNotes, cursor }),
      );
      expect(error.message).toContain(
        `cursor "${abbreviate(cursor)}" is not a listPageHistory cursor`,
      );
    }
  });
});

describe('getPageHistory', () => {
  it('reads one version as text or as JSON', async () => {
    const text = await tools.call('getPageHistory', {
      historyId: H.releaseNotesV1,
    });
    expect(text).toMatchObject({
      pageId: P.releaseNotes,
      version: 1,
      title: 'Release Notes 2.4',
      format: 'text',
      text: 'Release Notes 2.4\nHighlights\nWorkspace admins now recieve a weekly digest.',
    });
    const json = await tools.call('getPageHistory', {
      historyId: H.releaseNotesV1,
      format: 'json',
    });
    expect(json.content).toEqual(versionContent(H.releaseNotesV1));
    expect(json.text).toBeUndefined();
  });

  it('answers the same for an unknown and a malformed history id', async () => {
    expect(
      (
        await expectToolError(
          tools.call('getPageHistory', {
            historyId: '00000000-0000-4000-8000-000000000000',
          }),
        )
      ).message,
    ).toBe(
      "page version 00000000-0000-4000-8000-000000000000 not found or no access; call listPageHistory for the page's versions",
    );
    expect(
      (await expectToolError(tools.call('getPageHistory', { historyId: 'v1' })))
        .code,
    ).toBe('not_found');
  });
});

describe('diffPageVersions', () => {
  it('lists text changes between two versions', async () => {
    const diff = await tools.call('diffPageVersions', {
      pageId: P.releaseNotes,
      from: H.releaseNotesV2,
      to: H.releaseNotesV3,
    });
    expect(diff.from).toMatchObject({ ref: H.releaseNotesV2, version: 2 });
    expect(diff.to).toMatchObject({ ref: H.releaseNotesV3, version: 3 });
    expect(diff.changes).toEqual([
      {
        type: 'changed',
        before:
          'Workspace admins now recieve a weekly digest, and comments can be moved to a seperate thread.',
        after:
          'Workspace admins now recieve a weekly digest, comments can be moved to a seperate thread, and an error that occured when pasting large tables is fixed.',
      },
      {
        type: 'added',
        lines: ['Search results now show teh page path under each title.'],
      },
      { type: 'added', lines: ['Restart the server.'] },
    ]);
    expect(diff).toMatchObject({
      addedLines: 3,
      removedLines: 1,
      truncated: false,
      warnings: [],
    });
  });

  it('compares with "current" on either side and flags lost tables and links', async () => {
    const written = await tools.call('renamePage', {
      pageId: P.pricing,
      title: 'Pricing',
    });
    const [snapshot] = (
      await tools.call('listPageHistory', { pageId: P.pricing })
    ).versions;
    expect(snapshot).toMatchObject({
      historyId: written.historyId,
      version: null,
      source: 'agent',
    });
    await tools.call('deleteNode', { pageId: P.pricing, nodeId: '#2' });
    await tools.call('deleteNode', {
      pageId: P.pricing,
      nodeId: SEED_NODE_IDS.pricingIntro,
    });
    const diff = await tools.call('diffPageVersions', {
      pageId: P.pricing,
      from: snapshot.historyId,
      to: 'current',
    });
    expect(diff.integrity.tables).toEqual({ from: 1, to: 0 });
    expect(diff.integrity.links).toEqual({ from: 1, to: 0 });
    expect(diff.warnings).toEqual([
      'links: 1 -> 0 (1 fewer in "to")',
      'tables: 1 -> 0 (1 fewer in "to")',
    ]);
    const reverse = await tools.call('diffPageVersions', {
      pageId: P.pricing,
      from: 'current',
      to: snapshot.historyId,
    });
    expect(reverse.warnings).toEqual([]);
    expect(reverse.addedLines).toBe(diff.removedLines);
    const same = await tools.call('diffPageVersions', {
      pageId: P.pricing,
      from: 'current',
    });
    expect(same).toMatchObject({ changes: [], addedLines: 0, removedLines: 0 });
  });

  it('refuses a version of another page', async () => {
    const error = await expectToolError(
      tools.call('diffPageVersions', {
        pageId: P.pricing,
        from: H.releaseNotesV1,
      }),
    );
    expect(error.message).toContain(
      `page version ${H.releaseNotesV1} not found for page ${P.pricing}`,
    );
  });
});

describe('restorePageVersion', () => {
  it('writes the old content back as a new version, which can itself be reverted', async () => {
    const before = await tools.page(P.releaseNotes);
    const restored = await tools.call(
      'restorePageVersion',
      { historyId: H.releaseNotesV1, baseVersion: before.version },
      'member',
    );
    expect(restored).toMatchObject({
      pageId: P.releaseNotes,
      restoredHistoryId: H.releaseNotesV1,
      historyId: expect.any(String),
    });
    const after = await tools.page(P.releaseNotes);
    expect(after.content).toEqual(versionContent(H.releaseNotesV1));
    expect(after).toMatchObject({
      title: 'Release Notes 2.4 (draft)',
      textContent: extractText(versionContent(H.releaseNotesV1)),
      historyCount: 4,
    });
    const [newest] = (
      await tools.call('listPageHistory', { pageId: P.releaseNotes })
    ).versions;
    expect(newest).toMatchObject({
      historyId: restored.historyId,
      version: null,
      source: 'agent',
      savedBy: { id: SEED_IDS.users.member },
    });
    await tools.call('restorePageVersion', { historyId: H.releaseNotesV3 });
    expect((await tools.page(P.releaseNotes)).content).toEqual(before.content);
  });

  it('fails with a conflict on a stale baseVersion, leaving the page as it was', async () => {
    const read = await tools.call('getPageJson', { pageId: P.releaseNotes });
    await tools.call(
      'renamePage',
      { pageId: P.releaseNotes, title: 'Release Notes 2.4' },
      'admin',
    );
    const before = await tools.page(P.releaseNotes);
    const error = await expectToolError(
      tools.call('restorePageVersion', {
        historyId: H.releaseNotesV1,
        baseVersion: read.version,
      }),
    );
    expect(error.code).toBe('conflict');
    expect(await tools.page(P.releaseNotes)).toEqual(before);
  });
});
