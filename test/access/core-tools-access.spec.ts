import { PAGE_NOT_FOUND } from '../../src/access';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { SEED_IDS, SEED_NODE_IDS } from '../../host/seed/seed-ids';
import type { ToolCallContext } from '../../src/registry/tool-call-context';
import { requirePage } from '../../src/access';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';
import {
  contextFor,
  expectToolError,
  seededTools,
  type SeededTools,
} from '../support/seeded-tools';

const P = SEED_IDS.pages;
const C = SEED_IDS.comments;
const member = contextFor('member');

/** Each page-taking core tool, called on `pageId` (a comment tool on a comment of that page). */
const PAGE_CALLS: readonly {
  readonly tool: string;
  readonly label?: string;
  readonly input: (pageId: string) => Record<string, unknown>;
  readonly context?: (pageId: string) => ToolCallContext;
}[] = [
  { tool: 'getPage', input: (pageId) => ({ pageId }) },
  {
    tool: 'getCurrentPage',
    input: () => ({}),
    context: (pageId) => contextFor('member', { currentPageId: pageId }),
  },
  { tool: 'getOutline', input: (pageId) => ({ pageId }) },
  { tool: 'getNode', input: (pageId) => ({ pageId, block: '#0' }) },
  { tool: 'listComments', input: (pageId) => ({ pageId }) },
  {
    tool: 'createComment',
    label: 'createComment (new thread)',
    input: (pageId) => ({ pageId, selection: 'Q3', content: 'x' }),
  },
  {
    tool: 'createComment',
    label: 'createComment (reply)',
    input: (pageId) => ({
      pageId,
      parentCommentId: C.strategyPricing,
      content: 'x',
    }),
  },
  {
    tool: 'editPageText',
    input: (pageId) => ({ pageId, find: 'a', replace: 'b', replaceAll: true }),
  },
];

describe('core tools: access', () => {
  let database: TestDatabase;
  let tools: SeededTools;

  beforeAll(async () => {
    database = await createTestDatabase();
    tools = seededTools(database.db);
  });
  afterAll(async () => database.drop());

  const snapshot = async () => ({
    pages: await database.db
      .selectFrom('pages')
      .select(['id', sql<string>`updated_at::text`.as('version')])
      .orderBy('id')
      .execute(),
    comments: await database.db
      .selectFrom('comments')
      .select(['id', 'resolvedAt'])
      .orderBy('id')
      .execute(),
    history: await database.db
      .selectFrom('pageHistory')
      .select('id')
      .orderBy('id')
      .execute(),
  });

  describe('a member outside the Leadership space', () => {
    it.each(PAGE_CALLS.map((call) => [call.label ?? call.tool, call] as const))(
      '%s answers a Leadership page exactly like a missing page',
      async (_name, call) => {
        const before = await snapshot();
        for (const [pageId, reference] of [
          [P.strategy, P.strategy],
          ['AKYSTyXcyf', 'AKYSTyXcyf'],
        ] as const) {
          const denied = await expectToolError(
            tools.call(
              call.tool,
              call.input(pageId),
              call.context?.(pageId) ?? member,
            ),
          );
          expect(denied.code).toBe('not_found');
          expect(denied.message).toBe(`page ${reference} ${PAGE_NOT_FOUND}`);
        }
        const missingId = randomUUID();
        const missing = await expectToolError(
          tools.call(
            call.tool,
            call.input(missingId),
            call.context?.(missingId) ?? member,
          ),
        );
        expect(missing.message).toBe(`page ${missingId} ${PAGE_NOT_FOUND}`);
        expect(await snapshot()).toEqual(before);
      },
    );

    it.each([
      ['getComment', { commentId: C.strategyPricing }],
      ['getComment', { commentId: C.strategyPricingReply }],
      ['resolveComment', { commentId: C.strategyHeadcount, resolved: false }],
    ])(
      '%s answers a Leadership comment exactly like a missing one',
      async (tool, input) => {
        const before = await snapshot();
        expect(
          (await expectToolError(tools.call(tool, input, member))).message,
        ).toBe(
          `comment ${input.commentId} not found or no access; listComments shows a page's comments`,
        );
        expect(await snapshot()).toEqual(before);
      },
    );

    it('never sees Leadership pages or spaces in search, lists and spaces', async () => {
      const leadershipPages = new Set<string>([
        P.leadershipOverview,
        P.strategy,
        P.hiringPlan,
        P.boardPrep,
      ]);
      const search = await tools.call(
        'searchPages',
        { query: 'strategy board hiring', limit: 50 },
        member,
      );
      const recent = await tools.call('listPages', { limit: 100 }, member);
      const spaces = await tools.call('listSpaces', {}, member);
      expect(
        [...search.hits, ...recent.pages].some((page: { id: string }) =>
          leadershipPages.has(page.id),
        ),
      ).toBe(false);
      expect(spaces.spaces.map((space: { id: string }) => space.id)).toEqual([
        SEED_IDS.spaces.product,
      ]);
      // The owner does see them: the member's empty result is access, not absence.
      const ownerSearch = await tools.call(
        'searchPages',
        { query: 'strategy' },
        contextFor('owner'),
      );
      expect(ownerSearch.hits.map((hit: { id: string }) => hit.id)).toContain(
        P.strategy,
      );
    });

    it('does not reach a page of the same id through another workspace in the context', async () => {
      const elsewhere = contextFor('owner', { workspaceId: randomUUID() });
      expect(
        (
          await expectToolError(
            tools.call('getPage', { pageId: P.roadmap }, elsewhere),
          )
        ).message,
      ).toBe(`page ${P.roadmap} ${PAGE_NOT_FOUND}`);
    });
  });

  describe('a reader of the Product space', () => {
    beforeAll(async () => {
      await database.db
        .updateTable('spaceMembers')
        .set({ role: 'reader' })
        .where('id', '=', SEED_IDS.spaceMembers.productWriters)
        .execute();
    });
    afterAll(async () => {
      await database.db
        .updateTable('spaceMembers')
        .set({ role: 'writer' })
        .where('id', '=', SEED_IDS.spaceMembers.productWriters)
        .execute();
    });

    it.each([
      [
        'editPageText',
        { pageId: P.releaseNotes, find: 'recieve', replace: 'receive' },
      ],
      [
        'createComment',
        { pageId: P.releaseNotes, selection: 'weekly digest', content: 'x' },
      ],
      // Docmost requires edit rights for any comment: a reply too.
      [
        'createComment',
        { pageId: P.roadmap, parentCommentId: C.roadmapSso, content: 'Noted.' },
      ],
      ['resolveComment', { commentId: C.roadmapSso }],
    ])(
      'may not %s: a forbidden error naming the role, nothing written',
      async (tool, input) => {
        const before = await snapshot();
        const error = await expectToolError(tools.call(tool, input, member));
        expect(error.code).toBe('forbidden');
        expect(error.message).toMatch(
          /read-only access \(role "reader"\).*writer or admin/,
        );
        expect(await snapshot()).toEqual(before);
      },
    );

    it('may still read pages and their comments', async () => {
      expect(
        (await tools.call('getPage', { pageId: P.releaseNotes }, member)).title,
      ).toBe('Release Notes 2.4 (draft)');
      const spaces = await tools.call('listSpaces', {}, member);
      expect(spaces.spaces[0].role).toBe('reader');
      expect(
        (
          await tools.call('listComments', { pageId: P.roadmap }, member)
        ).threads.map((thread: { id: string }) => thread.id),
      ).toContain(C.roadmapSso);
      expect(
        (await tools.call('getComment', { commentId: C.roadmapSso }, member))
          .id,
      ).toBe(C.roadmapSso);
      expect(
        (
          await tools.call(
            'getNode',
            { pageId: P.roadmap, block: SEED_NODE_IDS.roadmapSsoParagraph },
            member,
          )
        ).text,
      ).toContain('single sign-on');
    });
  });

  it('loads a page without its document when asked to, everything else the same', async () => {
    const caller = {
      userId: SEED_IDS.users.member,
      workspaceId: SEED_IDS.workspace,
    };
    const whole = await requirePage(database.db, caller, P.roadmap);
    const light = await requirePage(database.db, caller, P.roadmap, {
      content: false,
    });
    expect(whole.content).not.toBeNull();
    expect(light).toEqual({
      ...whole,
      content: null,
      textContent: null,
      ydoc: null,
      tsv: null,
    });
  });
});
