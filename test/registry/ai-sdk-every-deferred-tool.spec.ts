import { SEED_IDS, SEED_NODE_IDS } from '../../host/seed/seed-ids';
import { DEMO_PAGE_HISTORY } from '../../host/seed/demo-page-history';
import { toAiSdkToolSet } from '../../src/registry/adapters/ai-sdk-tool-set';
import { DEFERRED_NON_CONTENT_TOOLS } from '../support/seeded-tools';
import {
  generateWithToolCalls,
  sentToolResults,
  type ScriptedToolCall,
} from './support/recording-model';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';
import {
  contextFor,
  PUBLIC_BASE_URL,
  seededTools,
  type SeededTools,
} from '../support/seeded-tools';

/**
 * Every deferred tool once, called by a scripted model through the chat's AI SDK tool set, as
 * the owner, against a seeded database of its own. Reads come first; writes that touch the same
 * page sit in later turns, because the SDK runs one step's tool calls concurrently.
 */

const P = SEED_IDS.pages;
const H = SEED_IDS.pageHistory;
const S = SEED_IDS.spaces;

let database: TestDatabase;
let tools: SeededTools;
const calledToolNames: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  tools = seededTools(database.db);
});
afterAll(async () => {
  await database.drop();
});

/** One model turn making `calls`; returns what the model was sent back for each, by call id. */
async function modelCalls(
  calls: readonly (ScriptedToolCall & { readonly toolCallId: string })[],
): Promise<Map<string, unknown>> {
  calledToolNames.push(...calls.map((call) => call.toolName));
  const { sent } = await generateWithToolCalls(
    toAiSdkToolSet(tools.registry, contextFor('owner')),
    calls,
  );
  expect(sent).toHaveLength(2);
  return sentToolResults(sent[1]!);
}

async function pageRow(pageId: string) {
  return database.db
    .selectFrom('pages')
    .select(['title', 'parentPageId', 'deletedAt', 'deletedById'])
    .where('id', '=', pageId)
    .executeTakeFirstOrThrow();
}

async function sharesOf(pageId: string) {
  return database.db
    .selectFrom('shares')
    .select(['creatorId'])
    .where('pageId', '=', pageId)
    .execute();
}

describe('every deferred tool, called by the model through toAiSdkToolSet', () => {
  it('answers the eight read tools with JSON results', async () => {
    const results = await modelCalls([
      {
        toolCallId: 'json',
        toolName: 'getPageJson',
        input: { pageId: 'wZd7GkPtHz' },
      },
      {
        toolCallId: 'table',
        toolName: 'getTable',
        input: { pageId: P.pricing, table: '#2' },
      },
      {
        toolCallId: 'sidebar',
        toolName: 'listSidebarPages',
        input: { spaceId: S.product, maxDepth: 1 },
      },
      {
        toolCallId: 'history',
        toolName: 'listPageHistory',
        input: { pageId: P.releaseNotes, limit: 2 },
      },
      {
        toolCallId: 'version',
        toolName: 'getPageHistory',
        input: { historyId: H.releaseNotesV1 },
      },
      {
        toolCallId: 'diff',
        toolName: 'diffPageVersions',
        input: {
          pageId: P.releaseNotes,
          from: H.releaseNotesV2,
          to: H.releaseNotesV3,
        },
      },
      { toolCallId: 'shares', toolName: 'listShares', input: {} },
      {
        toolCallId: 'comments',
        toolName: 'checkNewComments',
        input: { spaceId: S.product, since: '2025-05-30T00:00:00Z' },
      },
    ]);
    expect(results.get('json')).toMatchObject({
      type: 'json',
      value: {
        pageId: P.pricing,
        title: 'Pricing and Plans',
        version: (await tools.page(P.pricing)).version,
      },
    });
    expect(results.get('table')).toMatchObject({
      type: 'json',
      value: { pageId: P.pricing, rows: 4, columns: 3 },
    });
    expect(results.get('sidebar')).toMatchObject({
      type: 'json',
      value: {
        spaceId: S.product,
        pages: [
          { title: 'Product Handbook' },
          { title: 'Onboarding Guide' },
          { title: 'Meeting Notes' },
          { title: 'Compensation Review 2025' },
          { title: 'Launch Plan 2.4' },
        ],
      },
    });
    expect(results.get('history')).toMatchObject({
      type: 'json',
      value: {
        versions: [
          { historyId: H.releaseNotesV3 },
          { historyId: H.releaseNotesV2 },
        ],
        nextCursor: expect.any(String),
      },
    });
    expect(results.get('version')).toMatchObject({
      type: 'json',
      value: {
        pageId: P.releaseNotes,
        version: 1,
        text: 'Release Notes 2.4\nHighlights\nWorkspace admins now recieve a weekly digest.',
      },
    });
    expect(results.get('diff')).toMatchObject({
      type: 'json',
      value: {
        from: { version: 2 },
        to: { version: 3 },
        addedLines: 3,
        removedLines: 1,
      },
    });
    expect(results.get('shares')).toMatchObject({
      type: 'json',
      value: {
        shares: [
          {
            shareId: SEED_IDS.shares.productHandbook,
            pageId: P.productHandbook,
          },
        ],
      },
    });
    expect(results.get('comments')).toMatchObject({
      type: 'json',
      value: {
        count: 3,
        comments: [{ commentId: SEED_IDS.comments.supportEscalation }, {}, {}],
      },
    });
  });

  it('runs the first writes, each on its own page, and stores their effect', async () => {
    const strategy = await tools.page(P.strategy);
    const results = await modelCalls([
      {
        toolCallId: 'patch',
        toolName: 'patchNode',
        input: {
          pageId: P.releaseNotes,
          nodeId: SEED_NODE_IDS.releaseNotesSecondTypoParagraph,
          node: JSON.stringify({
            type: 'paragraph',
            content: [
              { type: 'text', text: 'Search results now show the page path.' },
            ],
          }),
        },
      },
      {
        toolCallId: 'insert',
        toolName: 'insertNode',
        input: {
          pageId: P.designPrinciples,
          node: {
            type: 'heading',
            attrs: { level: 2 },
            content: [{ type: 'text', text: 'Appendix' }],
          },
        },
      },
      {
        toolCallId: 'delete-node',
        toolName: 'deleteNode',
        input: { pageId: P.onboarding, nodeId: 'kfqnjwnsjdbf' },
      },
      {
        toolCallId: 'update',
        toolName: 'updatePageJson',
        input: {
          pageId: P.weeklySync,
          doc: {
            type: 'doc',
            content: [
              {
                type: 'paragraph',
                content: [{ type: 'text', text: 'Rewritten by the model.' }],
              },
            ],
          },
        },
      },
      {
        toolCallId: 'insert-row',
        toolName: 'tableInsertRow',
        input: {
          pageId: P.pricing,
          table: '#2',
          index: 1,
          cells: ['Free trial', '$0 for 14 days'],
        },
      },
      {
        toolCallId: 'rename',
        toolName: 'renamePage',
        input: { pageId: P.meetingNotes, title: 'Team Meetings' },
      },
      {
        toolCallId: 'copy',
        toolName: 'copyPageContent',
        input: { sourcePageId: P.strategy, targetPageId: P.hiringPlan },
      },
      {
        toolCallId: 'share',
        toolName: 'sharePage',
        input: { pageId: P.boardPrep },
      },
    ]);
    expect(results.get('patch')).toMatchObject({
      type: 'json',
      value: {
        nodeId: SEED_NODE_IDS.releaseNotesSecondTypoParagraph,
        replacedText: 'Search results now show teh page path under each title.',
      },
    });
    expect((await tools.page(P.releaseNotes)).textContent).toContain(
      'Search results now show the page path.',
    );

    expect(results.get('insert')).toMatchObject({
      type: 'json',
      value: { nodeId: expect.stringMatching(/^[a-z]{12}$/) },
    });
    expect(
      (await tools.page(P.designPrinciples)).content.content!.at(-1),
    ).toMatchObject({ type: 'heading', content: [{ text: 'Appendix' }] });

    expect(results.get('delete-node')).toMatchObject({
      type: 'json',
      value: {
        deleted: {
          type: 'paragraph',
          text: expect.stringContaining('Pair with a teammate'),
        },
      },
    });
    expect((await tools.page(P.onboarding)).textContent).not.toContain(
      'Pair with a teammate',
    );

    expect(results.get('update')).toMatchObject({
      type: 'json',
      value: { pageId: P.weeklySync, blocks: 1 },
    });
    expect((await tools.page(P.weeklySync)).textContent).toBe(
      'Rewritten by the model.',
    );

    expect(results.get('insert-row')).toMatchObject({
      type: 'json',
      value: { row: 1, rows: 5, columns: 3 },
    });
    expect((await tools.page(P.pricing)).textContent).toContain(
      'Free trial\n$0 for 14 days',
    );

    expect(results.get('rename')).toMatchObject({
      type: 'json',
      value: { previousTitle: 'Meeting Notes', title: 'Team Meetings' },
    });
    expect((await pageRow(P.meetingNotes)).title).toBe('Team Meetings');

    expect(results.get('copy')).toMatchObject({
      type: 'json',
      value: { commentAnchorsDropped: expect.any(Number) },
    });
    expect((await tools.page(P.hiringPlan)).textContent).toBe(
      strategy.textContent,
    );

    expect(results.get('share')).toMatchObject({
      type: 'json',
      value: {
        created: true,
        pageId: P.boardPrep,
        url: expect.stringMatching(new RegExp(`^${PUBLIC_BASE_URL}/share/`)),
      },
    });
    expect(await sharesOf(P.boardPrep)).toEqual([
      { creatorId: SEED_IDS.users.owner },
    ]);
  });

  it('runs the writes that follow up on earlier ones and stores their effect', async () => {
    const results = await modelCalls([
      {
        toolCallId: 'cell',
        toolName: 'tableUpdateCell',
        input: {
          pageId: P.pricing,
          table: '#2',
          row: 3,
          column: 1,
          text: '$9',
        },
      },
      {
        toolCallId: 'restore',
        toolName: 'restorePageVersion',
        input: { historyId: H.releaseNotesV1 },
      },
      {
        toolCallId: 'move',
        toolName: 'movePage',
        input: { pageId: P.supportPlaybook, parentPageId: P.meetingNotes },
      },
      {
        toolCallId: 'unshare',
        toolName: 'unsharePage',
        input: { pageId: P.boardPrep },
      },
    ]);
    expect(results.get('cell')).toMatchObject({
      type: 'json',
      value: { previousText: '$8', text: '$9' },
    });
    expect((await tools.page(P.pricing)).textContent).toContain('Team\n$9');

    expect(results.get('restore')).toMatchObject({
      type: 'json',
      value: { pageId: P.releaseNotes, restoredHistoryId: H.releaseNotesV1 },
    });
    expect((await tools.page(P.releaseNotes)).content).toEqual(
      DEMO_PAGE_HISTORY.find((version) => version.id === H.releaseNotesV1)!
        .content,
    );

    expect(results.get('move')).toMatchObject({
      type: 'json',
      value: { parentPageId: P.meetingNotes },
    });
    expect((await pageRow(P.supportPlaybook)).parentPageId).toBe(
      P.meetingNotes,
    );

    expect(results.get('unshare')).toMatchObject({
      type: 'json',
      value: { revoked: true },
    });
    expect(await sharesOf(P.boardPrep)).toEqual([]);
  });

  it('runs the last writes: a row removed and a page moved to the trash', async () => {
    const results = await modelCalls([
      {
        toolCallId: 'delete-row',
        toolName: 'tableDeleteRow',
        input: { pageId: P.pricing, table: '#2', row: 1 },
      },
      {
        toolCallId: 'trash',
        toolName: 'deletePage',
        input: { pageId: P.engineeringSetup },
      },
    ]);
    expect(results.get('delete-row')).toMatchObject({
      type: 'json',
      value: { deletedCells: ['Free trial', '$0 for 14 days', ''], rows: 4 },
    });
    expect((await tools.page(P.pricing)).textContent).not.toContain(
      'Free trial',
    );

    expect(results.get('trash')).toMatchObject({
      type: 'json',
      value: { trashed: 1, trashedPageIds: [P.engineeringSetup] },
    });
    expect(await pageRow(P.engineeringSetup)).toMatchObject({
      deletedAt: expect.any(Date),
      deletedById: SEED_IDS.users.owner,
    });
  });

  it('has called every deferred tool exactly once, so a new tool needs a call here', () => {
    expect([...calledToolNames].sort()).toEqual(
      DEFERRED_NON_CONTENT_TOOLS.map((spec) => spec.name).sort(),
    );
  });
});
