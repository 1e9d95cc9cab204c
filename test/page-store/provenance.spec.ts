import { randomUUID } from 'node:crypto';
import { SEED_IDS, SEED_NODE_IDS } from '../../host/seed/seed-ids';
import type { ToolCallContext } from '../../src/registry/tool-call-context';
import type { ToolRegistry } from '../../src/registry/tool-registry';
import { TOOL_HEAVY_TASKS } from '../../src/heavy-tasks';
import { HeavyWorkPool } from '../../src/workers';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';
import { contextFor, seededTools } from '../support/seeded-tools';

/**
 * Provenance as Docmost's fork records an agent's work: every tool that writes a page leaves
 * `last_updated_source = 'agent'`, the chat in `last_updated_ai_chat_id`, the human the agent
 * acts for in `last_updated_by_id` and once in `contributor_ids`; the history row it adds copies
 * these from the page, with a NULL version. Comments: `created_source`, `ai_chat_id`,
 * `resolved_source`.
 */

const P = SEED_IDS.pages;
const S = SEED_IDS.spaces;
const owner = SEED_IDS.users.owner;

let database: TestDatabase;
let registry: ToolRegistry;
let context: ToolCallContext;
let chatId: string;
// Its own pool, patient with a worker's first start on a busy machine: this file is about what
// is written, not about how long a queue may wait.
const heavyWork = new HeavyWorkPool(TOOL_HEAVY_TASKS, {
  maxQueueWaitMs: 60_000,
});

beforeAll(async () => {
  database = await createTestDatabase();
  registry = seededTools(database.db, { heavyWork }).registry;
  chatId = randomUUID();
  await database.db
    .insertInto('aiChats')
    .values({
      id: chatId,
      workspaceId: SEED_IDS.workspace,
      creatorId: owner,
      title: 'Provenance',
    })
    .execute();
  context = contextFor('owner', { chatId });
});
afterAll(async () => {
  await heavyWork.destroy();
  await database?.drop();
});

const call = async <Output = any>(
  name: string,
  input: unknown,
  as: ToolCallContext = context,
): Promise<Output> => (await registry.call(name, input, as)).output as Output;

const provenanceOf = (pageId: string) =>
  database.db
    .selectFrom('pages')
    .select([
      'lastUpdatedById',
      'lastUpdatedSource',
      'lastUpdatedAiChatId',
      'contributorIds',
    ])
    .where('id', '=', pageId)
    .executeTakeFirstOrThrow();

const newestHistory = (pageId: string) =>
  database.db
    .selectFrom('pageHistory')
    .select([
      'id',
      'version',
      'lastUpdatedById',
      'lastUpdatedSource',
      'lastUpdatedAiChatId',
      'contributorIds',
    ])
    .where('pageId', '=', pageId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();

/** Each writing tool, the page it writes, and its input. */
const PAGE_WRITES: readonly (readonly [
  string,
  string,
  Record<string, unknown>,
])[] = [
  [
    'editPageText',
    P.supportPlaybook,
    {
      pageId: P.supportPlaybook,
      find: 'rotate weekly',
      replace: 'rotate every week',
    },
  ],
  [
    'createComment',
    P.engineeringSetup,
    {
      pageId: P.engineeringSetup,
      selection: 'Docker',
      content: 'Which version?',
    },
  ],
  [
    'transformPage',
    P.weeklySync,
    {
      pageId: P.weeklySync,
      script:
        '(doc, ctx) => { doc.content.push(ctx.paragraph("Notes by the agent")); return doc; }',
      dryRun: false,
    },
  ],
  [
    'updatePageJson',
    P.onboarding,
    {
      pageId: P.onboarding,
      doc: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [{ type: 'text', text: 'Rewritten.' }],
          },
        ],
      },
    },
  ],
  [
    'updatePageContent',
    P.hiringPlan,
    { pageId: P.hiringPlan, markdown: '# Hiring\n\nTwo engineers.' },
  ],
  [
    'patchNode',
    P.releaseNotes,
    {
      pageId: P.releaseNotes,
      nodeId: SEED_NODE_IDS.releaseNotesSecondTypoParagraph,
      node: { type: 'paragraph', content: [{ type: 'text', text: 'Fixed.' }] },
    },
  ],
  [
    'insertNode',
    P.designPrinciples,
    {
      pageId: P.designPrinciples,
      node: {
        type: 'paragraph',
        content: [{ type: 'text', text: 'Appendix' }],
      },
    },
  ],
  [
    'deleteNode',
    P.designPrinciples,
    { pageId: P.designPrinciples, nodeId: 'lzlrkdlbclmz' },
  ],
  [
    'tableInsertRow',
    P.pricing,
    { pageId: P.pricing, table: '#2', index: 1, cells: ['Trial', '$0'] },
  ],
  [
    'tableUpdateCell',
    P.pricing,
    { pageId: P.pricing, table: '#2', row: 1, column: 1, text: '$1' },
  ],
  ['tableDeleteRow', P.pricing, { pageId: P.pricing, table: '#2', row: 1 }],
  [
    'renamePage',
    P.meetingNotes,
    { pageId: P.meetingNotes, title: 'Team Meetings' },
  ],
  [
    'copyPageContent',
    P.boardPrep,
    { sourcePageId: P.strategy, targetPageId: P.boardPrep },
  ],
  [
    'restorePageVersion',
    P.releaseNotes,
    { historyId: SEED_IDS.pageHistory.releaseNotesV1 },
  ],
];

describe('provenance of agent writes', () => {
  it.each(PAGE_WRITES)(
    "%s marks the page and its new history row as the agent's, in this chat",
    async (tool, pageId, input) => {
      const before = await provenanceOf(pageId);
      await call(tool, input);
      const page = await provenanceOf(pageId);
      const expectedContributors = before.contributorIds?.includes(owner)
        ? before.contributorIds
        : [...(before.contributorIds ?? []), owner];
      expect(page).toEqual({
        lastUpdatedById: owner,
        lastUpdatedSource: 'agent',
        lastUpdatedAiChatId: chatId,
        contributorIds: expectedContributors,
      });
      expect(await newestHistory(pageId)).toMatchObject({
        version: null,
        ...page,
      });
    },
  );

  it('adds the user to contributor_ids once, however many times the agent writes', async () => {
    await call('renamePage', { pageId: P.roadmap, title: 'Roadmap 2025 (v2)' });
    await call('renamePage', { pageId: P.roadmap, title: 'Roadmap 2025' });
    const page = await provenanceOf(P.roadmap);
    expect(page.contributorIds!.filter((id) => id === owner)).toHaveLength(1);
  });

  it("creates a page, and its first history row, as the agent's", async () => {
    const created = await call('createPage', {
      spaceId: S.product,
      title: 'Agent page',
      markdown: 'Hello.',
    });
    const expected = {
      lastUpdatedById: owner,
      lastUpdatedSource: 'agent',
      lastUpdatedAiChatId: chatId,
      contributorIds: [owner],
    };
    expect(await provenanceOf(created.pageId)).toEqual(expected);
    expect(await newestHistory(created.pageId)).toMatchObject({
      version: null,
      ...expected,
    });
  });

  it('records no chat on MCP, or for a chat id that is not a chat of the workspace, and still writes', async () => {
    await call(
      'renamePage',
      { pageId: P.productHandbook, title: 'Handbook' },
      contextFor('owner', { surface: 'mcp' }),
    );
    expect(await provenanceOf(P.productHandbook)).toMatchObject({
      lastUpdatedSource: 'agent',
      lastUpdatedAiChatId: null,
    });
    await call(
      'renamePage',
      { pageId: P.productHandbook, title: 'Product Handbook' },
      contextFor('owner', { chatId: randomUUID() }),
    );
    expect(await provenanceOf(P.productHandbook)).toMatchObject({
      lastUpdatedSource: 'agent',
      lastUpdatedAiChatId: null,
    });
  });

  it('leaves last_updated_* to content edits: a move changes no provenance, a deletion records who deleted', async () => {
    const before = await provenanceOf(P.weeklySync);
    await call('movePage', {
      pageId: P.weeklySync,
      parentPageId: P.productHandbook,
    });
    expect(await provenanceOf(P.weeklySync)).toEqual(before);
    await call('deletePage', { pageId: P.weeklySync });
    const trashed = await database.db
      .selectFrom('pages')
      .select(['deletedById', 'lastUpdatedSource'])
      .where('id', '=', P.weeklySync)
      .executeTakeFirstOrThrow();
    expect(trashed).toEqual({
      deletedById: owner,
      lastUpdatedSource: before.lastUpdatedSource,
    });
  });
});

describe('provenance of agent comments', () => {
  const commentRow = (id: string) =>
    database.db
      .selectFrom('comments')
      .select([
        'type',
        'creatorId',
        'createdSource',
        'aiChatId',
        'resolvedById',
        'resolvedSource',
        'parentCommentId',
      ])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it("stores a thread and a reply as the agent's, the reply with type 'page'", async () => {
    const thread = await call('createComment', {
      pageId: P.supportPlaybook,
      selection: 'four business hours',
      content: 'Is this still true?',
    });
    const reply = await call('createComment', {
      pageId: P.supportPlaybook,
      parentCommentId: thread.id,
      content: 'Checked: yes.',
    });
    expect(await commentRow(thread.id)).toMatchObject({
      type: 'inline',
      creatorId: owner,
      createdSource: 'agent',
      aiChatId: chatId,
      parentCommentId: null,
    });
    expect(await commentRow(reply.id)).toMatchObject({
      type: 'page',
      creatorId: owner,
      createdSource: 'agent',
      aiChatId: chatId,
      parentCommentId: thread.id,
    });
  });

  it("marks a thread the agent resolves with resolved_source 'agent', and clears it on reopening", async () => {
    const thread = await call('createComment', {
      pageId: P.supportPlaybook,
      selection: 'Support shifts',
      content: 'Link the rota.',
    });
    await call('resolveComment', { commentId: thread.id, resolved: true });
    expect(await commentRow(thread.id)).toMatchObject({
      resolvedById: owner,
      resolvedSource: 'agent',
    });
    await call('resolveComment', { commentId: thread.id, resolved: false });
    expect(await commentRow(thread.id)).toMatchObject({
      resolvedById: null,
      resolvedSource: null,
    });
  });
});
