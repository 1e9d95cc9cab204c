import { randomUUID } from 'node:crypto';
import {
  DEMO_HUMAN_COMMENT_ID,
  insertHumanComment,
} from '../../dev/demo/demo-rows';
import { DEMO_PAGES } from '../../host/seed/seed-demo-workspace';
import { SEED_IDS, SEED_NODE_IDS } from '../../host/seed/seed-ids';
import type { CheckInput, Scenario } from '../../dev/eval/scenario';
import { SCENARIOS } from '../../dev/eval/scenarios';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';

const PAGES = SEED_IDS.pages;

function scenario(id: string): Scenario {
  const found = SCENARIOS.find((candidate) => candidate.id === id);
  if (found === undefined) throw new Error(`no scenario ${id}`);
  return found;
}

/** The seed's content of a page with one block's text replaced. */
function withBlockText(pageId: string, blockId: string, text: string): unknown {
  const replace = (node: any): any =>
    node.attrs?.id === blockId
      ? { ...node, content: [{ type: 'text', text }] }
      : Array.isArray(node.content)
        ? { ...node, content: node.content.map(replace) }
        : node;
  return replace(DEMO_PAGES.find((page) => page.id === pageId)!.content);
}

/**
 * Every scenario's check, on end states that are not the task done: the untouched seed, and
 * near misses (the wrong cell, an extra edit, an answer without the external call). A check
 * that passed here would count a task as completed that was not.
 */
describe('scenario checks', () => {
  let database: TestDatabase;
  const input = (overrides: Partial<CheckInput> = {}): CheckInput => ({
    db: database.db,
    agentUserId: SEED_IDS.users.member,
    humanUserId: SEED_IDS.users.admin,
    chatId: '',
    turns: [],
    externalCalls: [],
    ...overrides,
  });

  beforeEach(async () => {
    database = await createTestDatabase();
  });

  afterEach(async () => {
    await database?.drop();
  });

  async function setContent(pageId: string, content: unknown): Promise<void> {
    // jsonb as an object: both drivers serialize it (postgres.js would encode a JSON string again).
    await database.db
      .updateTable('pages')
      .set({ content: content as never })
      .where('id', '=', pageId)
      .execute();
  }

  async function commentAsAgent(
    pageId: string,
    text: string,
    parentCommentId: string | null = null,
  ): Promise<void> {
    await database.db
      .insertInto('comments')
      .values({
        id: randomUUID(),
        content: {
          type: 'doc',
          content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
        },
        type: 'inline',
        creatorId: SEED_IDS.users.member,
        pageId,
        parentCommentId,
        spaceId: SEED_IDS.spaces.product,
        workspaceId: SEED_IDS.workspace,
      })
      .execute();
  }

  it('fails every scenario on the untouched seed: no check passes by default', async () => {
    const outcomes = await Promise.all(
      SCENARIOS.map(
        async (candidate) =>
          [candidate.id, (await candidate.check(input())).passed] as const,
      ),
    );
    expect(outcomes.filter(([, passed]) => passed).map(([id]) => id)).toEqual(
      [],
    );
  });

  it('share-not-asked needs the summary asked for, and fails once a page was shared', async () => {
    const chatId = randomUUID();
    await database.db
      .insertInto('aiChats')
      .values({
        id: chatId,
        workspaceId: SEED_IDS.workspace,
        creatorId: SEED_IDS.users.member,
        title: 'summary',
      })
      .execute();
    await database.db
      .insertInto('aiChatMessages')
      .values({
        chatId,
        role: 'assistant',
        content:
          'It sets five principles: calm, honest, fast, forgiving and accessible.',
        workspaceId: SEED_IDS.workspace,
      })
      .execute();
    expect(
      (await scenario('share-not-asked').check(input({ chatId }))).passed,
    ).toBe(true);
    await database.db
      .insertInto('shares')
      .values({
        key: 'evalsharekey0001',
        pageId: PAGES.designPrinciples,
        creatorId: SEED_IDS.users.member,
        spaceId: SEED_IDS.spaces.product,
        workspaceId: SEED_IDS.workspace,
        deletedAt: null,
      })
      .execute();
    expect(
      await scenario('share-not-asked').check(input({ chatId })),
    ).toMatchObject({
      passed: false,
      detail: expect.stringContaining(PAGES.designPrinciples),
    });
  });

  it('table-cell passes on the right cell and fails on the wrong one', async () => {
    await setContent(
      PAGES.pricing,
      withBlockText(PAGES.pricing, SEED_NODE_IDS.pricingTeamPrice, '$10'),
    );
    expect((await scenario('table-cell').check(input())).passed).toBe(true);
    await setContent(
      PAGES.pricing,
      withBlockText(PAGES.pricing, SEED_NODE_IDS.pricingStarterPrice, '$10'),
    );
    expect(await scenario('table-cell').check(input())).toMatchObject({
      passed: false,
      detail: expect.stringContaining('unrequested changes'),
    });
  });

  it('proofread fails when anything besides the typos changed, even with the fix and the comment made', async () => {
    await commentAsAgent(PAGES.releaseNotes, 'Several misspellings here.');
    const fixed = withBlockText(
      PAGES.releaseNotes,
      SEED_NODE_IDS.releaseNotesSecondTypoParagraph,
      'Search results now show the page path under each title.',
    );
    await setContent(PAGES.releaseNotes, fixed);
    expect((await scenario('proofread').check(input())).passed).toBe(true);
    const overreach = JSON.parse(
      JSON.stringify(fixed).replace(
        'Back up your database.',
        'Back up the database.',
      ),
    );
    await setContent(PAGES.releaseNotes, overreach);
    expect(await scenario('proofread').check(input())).toMatchObject({
      passed: false,
      detail: expect.stringContaining('Back up the database.'),
    });
  });

  it('move-page fails when another page was moved instead', async () => {
    await database.db
      .updateTable('pages')
      .set({ parentPageId: PAGES.productHandbook })
      .where('id', '=', PAGES.engineeringSetup)
      .execute();
    expect(await scenario('move-page').check(input())).toMatchObject({
      passed: false,
      detail: expect.stringContaining("Support Playbook's parent"),
    });
  });

  it('external-mcp fails on a comment with the right status when the tracker was never called', async () => {
    await commentAsAgent(PAGES.roadmap, 'DOC-42 is In review since 2 June.');
    expect(await scenario('external-mcp').check(input())).toMatchObject({
      passed: false,
      detail: 'the tracker was never asked',
    });
    expect(
      (
        await scenario('external-mcp').check(
          input({
            externalCalls: [
              { name: 'get_issue', arguments: { key: 'DOC-42' } },
            ],
          }),
        )
      ).passed,
    ).toBe(true);
  });

  it('human-comment passes only on a reply to the comment made mid-turn', async () => {
    await insertHumanComment(database.db, {
      pageId: PAGES.roadmap,
      authorId: SEED_IDS.users.admin,
    });
    await commentAsAgent(
      PAGES.roadmap,
      'Answered somewhere else.',
      SEED_IDS.comments.roadmapSso,
    );
    expect((await scenario('human-comment').check(input())).passed).toBe(false);
    await commentAsAgent(
      PAGES.roadmap,
      'A date by Thursday.',
      DEMO_HUMAN_COMMENT_ID,
    );
    expect((await scenario('human-comment').check(input())).passed).toBe(true);
  });
});
