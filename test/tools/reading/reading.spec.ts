import { sql } from 'kysely';
import { SEED_IDS, SEED_NODE_IDS } from '../../../host/seed/seed-ids';
import type { GetCommentResult } from '../../../src/tools/comments/get-comment';
import type {
  CurrentPageText,
  PageText,
} from '../../../src/tools/reading/get-page';
import type { ListPagesResult } from '../../../src/tools/reading/list-pages';
import type { SearchPagesResult } from '../../../src/tools/reading/search-pages';
import {
  createTestDatabase,
  type TestDatabase,
} from '../../support/test-database';
import {
  contextFor,
  expectToolError,
  seededTools,
  type SeededTools,
} from '../../support/seeded-tools';
import { shownBlockId } from '../../support/shown-block-id';

const P = SEED_IDS.pages;
const owner = contextFor('owner');
const member = contextFor('member');

describe('core reading tools', () => {
  let database: TestDatabase;
  let tools: SeededTools;

  beforeAll(async () => {
    database = await createTestDatabase();
    tools = seededTools(database.db);
  });
  afterAll(async () => database.drop());

  describe('searchPages', () => {
    it('finds pages by stemmed word prefixes, title matches first, with a plain snippet', async () => {
      const result = await tools.call<SearchPagesResult>(
        'searchPages',
        { query: 'pricing' },
        owner,
      );
      expect(result.hits[0]).toMatchObject({
        id: P.pricing,
        slugId: 'wZd7GkPtHz',
        title: 'Pricing and Plans',
        spaceId: SEED_IDS.spaces.product,
      });
      const prefix = await tools.call<SearchPagesResult>(
        'searchPages',
        { query: 'roadm' },
        owner,
      );
      expect(prefix.hits.map((hit) => hit.id)).toContain(P.roadmap);
      const body = await tools.call<SearchPagesResult>(
        'searchPages',
        { query: 'offline sync' },
        owner,
      );
      const roadmap = body.hits.find((hit) => hit.id === P.roadmap);
      expect(roadmap?.snippet).toContain('offline sync');
      expect(roadmap?.snippet).not.toMatch(/[*<>]/);
    });

    it('matches symbols as a substring and falls back to any word when no page has all', async () => {
      const price = await tools.call<SearchPagesResult>(
        'searchPages',
        { query: '$8' },
        owner,
      );
      expect(price.hits.map((hit) => hit.id)).toEqual([P.pricing]);
      const loose = await tools.call<SearchPagesResult>(
        'searchPages',
        { query: 'pricing zebra' },
        owner,
      );
      expect(loose.note).toMatch(/some of them/);
      expect(loose.hits.map((hit) => hit.id)).toContain(P.pricing);
      const none = await tools.call<SearchPagesResult>(
        'searchPages',
        { query: 'xylophone' },
        owner,
      );
      expect(none).toEqual({ query: 'xylophone', hits: [] });
    });

    it("searches only the caller's spaces, respects limit, and skips trashed pages", async () => {
      const forOwner = await tools.call<SearchPagesResult>(
        'searchPages',
        { query: 'hiring' },
        owner,
      );
      expect(forOwner.hits.map((hit) => hit.id)).toContain(P.hiringPlan);
      const forMember = await tools.call<SearchPagesResult>(
        'searchPages',
        { query: 'hiring' },
        member,
      );
      expect(
        forMember.hits.every((hit) => hit.spaceId === SEED_IDS.spaces.product),
      ).toBe(true);
      const limited = await tools.call<SearchPagesResult>(
        'searchPages',
        { query: 'the', limit: 2 },
        owner,
      );
      expect(limited.hits.length).toBeLessThanOrEqual(2);
      await database.db
        .updateTable('pages')
        .set({ deletedAt: sql`now()` })
        .where('id', '=', P.meetingNotes)
        .execute();
      try {
        const trashed = await tools.call<SearchPagesResult>(
          'searchPages',
          { query: 'Meeting Notes' },
          owner,
        );
        expect(trashed.hits.map((hit) => hit.id)).not.toContain(P.meetingNotes);
      } finally {
        await database.db
          .updateTable('pages')
          .set({ deletedAt: null })
          .where('id', '=', P.meetingNotes)
          .execute();
      }
    });

    it('refuses a space the caller does not belong to', async () => {
      const error = await expectToolError(
        tools.call(
          'searchPages',
          { query: 'strategy', spaceId: SEED_IDS.spaces.leadership },
          member,
        ),
      );
      expect(error.message).toBe(
        `space ${SEED_IDS.spaces.leadership} not found or no access; call listSpaces for the spaces you can use`,
      );
    });
  });

  describe('listPages', () => {
    it('pages through a space newest first with a cursor, without repeats or gaps', async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const batch: ListPagesResult = await tools.call<ListPagesResult>(
          'listPages',
          {
            spaceId: SEED_IDS.spaces.product,
            limit: 3,
            ...(cursor ? { cursor } : {}),
          },
          owner,
        );
        expect(batch.pages.length).toBeLessThanOrEqual(3);
        seen.push(...batch.pages.map((page) => page.id));
        cursor = batch.nextCursor;
      } while (cursor);
      const expected = await database.db
        .selectFrom('pages')
        .select('id')
        .where('spaceId', '=', SEED_IDS.spaces.product)
        .where('deletedAt', 'is', null)
        .orderBy('updatedAt', 'desc')
        .orderBy('id', 'desc')
        .execute();
      expect(seen).toEqual(expected.map((row) => row.id));
    });

    it("lists recent pages across the caller's spaces only", async () => {
      const result = await tools.call<ListPagesResult>(
        'listPages',
        { limit: 100 },
        member,
      );
      expect(result.nextCursor).toBeNull();
      expect(result.pages.length).toBeGreaterThan(0);
      expect(
        result.pages.every((page) => page.spaceId === SEED_IDS.spaces.product),
      ).toBe(true);
      const handbook = result.pages.find(
        (page) => page.id === P.productHandbook,
      );
      expect(handbook).toEqual({
        id: P.productHandbook,
        slugId: 'H5VVN528Jm',
        title: 'Product Handbook',
        spaceId: SEED_IDS.spaces.product,
        parentPageId: null,
        updatedAt: '2025-05-12T14:20:00.000Z',
      });
    });

    it('rejects a forged cursor and a foreign space', async () => {
      expect(
        (
          await expectToolError(
            tools.call('listPages', { cursor: 'not-a-cursor' }, owner),
          )
        ).message,
      ).toMatch(/not a listPages cursor/);
      expect(
        (
          await expectToolError(
            tools.call(
              'listPages',
              { spaceId: SEED_IDS.spaces.leadership },
              member,
            ),
          )
        ).code,
      ).toBe('not_found');
    });
  });

  describe('listSpaces and getWorkspace', () => {
    it('lists only the spaces the caller belongs to, with the role through a group', async () => {
      const forMember = await tools.call('listSpaces', {}, member);
      expect(forMember.spaces).toEqual([
        expect.objectContaining({
          id: SEED_IDS.spaces.product,
          name: 'Product',
          role: 'writer',
        }),
      ]);
      const forAdmin = await tools.call('listSpaces', {}, contextFor('admin'));
      expect(
        forAdmin.spaces.map((space: { name: string; role: string }) => [
          space.name,
          space.role,
        ]),
      ).toEqual([
        ['Leadership', 'writer'],
        ['Product', 'admin'],
      ]);
      expect(forAdmin.spaces[1].pageCount).toBeGreaterThan(5);
    });

    it("returns the caller's workspace and account without settings", async () => {
      await database.db
        .updateTable('workspaces')
        .set({ settings: { ai: { apiKey: 'secret-key' } } })
        .where('id', '=', SEED_IDS.workspace)
        .execute();
      const result = await tools.call('getWorkspace', {}, member);
      expect(result).toEqual({
        workspace: {
          id: SEED_IDS.workspace,
          name: 'Acme',
          description: 'Demo workspace of docmost-ai-tools',
          hostname: 'acme',
        },
        you: {
          id: SEED_IDS.users.member,
          name: 'Jordan Lee',
          email: 'member@acme.test',
          role: 'member',
        },
      });
      expect(JSON.stringify(result)).not.toContain('secret-key');
    });
  });

  describe('getPage and getCurrentPage', () => {
    it('returns the title and the body as plain text with block ids, by id or slugId', async () => {
      const page = await tools.call<PageText>(
        'getPage',
        { pageId: 'wZd7GkPtHz' },
        member,
      );
      // Named by its slugId: the answer gives the uuid the other tools' results use.
      expect(Object.keys(page)).toEqual([
        'pageId',
        'title',
        'totalBlocks',
        'content',
      ]);
      expect(page).toMatchObject({
        pageId: P.pricing,
        title: 'Pricing and Plans',
      });
      // Named by its uuid: nothing the model already has.
      const byId = await tools.call<PageText>(
        'getPage',
        { pageId: P.pricing },
        member,
      );
      expect(Object.keys(byId)).toEqual(['title', 'totalBlocks', 'content']);
      expect(byId.content).toBe(page.content);
      expect(page.content).toContain(
        `#1 [${shownBlockId(SEED_NODE_IDS.pricingIntro)}] Prices are per seat per month, billed annually. See the billing FAQ for taxes and invoices.`,
      );
      expect(page.content).toContain(
        `| [${shownBlockId(SEED_NODE_IDS.pricingTeamPlan)}] Team | [${shownBlockId(SEED_NODE_IDS.pricingTeamPrice)}] $8 |`,
      );
      expect(page.truncated).toBeUndefined();
    });

    it('cuts long pages at a block boundary and continues from fromBlock', async () => {
      const paragraphs = Array.from({ length: 40 }, (_, index) => ({
        type: 'paragraph',
        attrs: {
          id: `longpage${String.fromCharCode(97 + Math.floor(index / 26))}${String.fromCharCode(97 + (index % 26))}aa`,
        },
        content: [
          {
            type: 'text',
            text: `Paragraph ${index} of a long page, with enough words to matter.`,
          },
        ],
      }));
      await database.db
        .updateTable('pages')
        .set({ content: { type: 'doc', content: paragraphs } as never })
        .where('id', '=', P.weeklySync)
        .execute();
      const whole = await tools.call<PageText>(
        'getPage',
        { pageId: P.weeklySync },
        owner,
      );
      expect(whole.content.length).toBeGreaterThan(2000);
      const first = await tools.call<PageText>(
        'getPage',
        { pageId: P.weeklySync, maxChars: 1000 },
        owner,
      );
      expect(first.content.length).toBeLessThanOrEqual(1000);
      expect(first.content.endsWith('with enough words to matter.')).toBe(true);
      const next = Number(/fromBlock (\d+)/.exec(first.truncated ?? '')?.[1]);
      expect(first.truncated).toBe(
        `showing blocks #0–#${next - 1} of 40; call again with fromBlock ${next} to read on`,
      );
      const rest = await tools.call<PageText>(
        'getPage',
        { pageId: P.weeklySync, fromBlock: next, maxChars: 100000 },
        owner,
      );
      expect(rest.truncated).toBeUndefined();
      expect(`${first.content}\n${rest.content}`).toBe(whole.content);
    });

    it('reads the page open in the chat, and explains when none is', async () => {
      const current = await tools.call<CurrentPageText>(
        'getCurrentPage',
        {},
        contextFor('member', { currentPageId: P.roadmap }),
      );
      // The chat names the open page by nothing the model has seen: the answer says which it is.
      expect(current).toMatchObject({
        id: P.roadmap,
        slugId: expect.any(String),
        spaceId: SEED_IDS.spaces.product,
        title: expect.any(String),
      });
      expect(current).toHaveProperty('parentPageId');
      expect(current.content).toContain('single sign-on with SAML');
      const error = await expectToolError(
        tools.call('getCurrentPage', {}, member),
      );
      expect(error.message).toMatch(
        /no page is open in this chat.*searchPages or listPages.*getPage/,
      );
    });
  });

  describe('getOutline and getNode', () => {
    it('outlines top-level blocks with table and list sizes', async () => {
      const outline = await tools.call(
        'getOutline',
        { pageId: P.pricing },
        owner,
      );
      expect(outline.blocks).toEqual([
        {
          index: 0,
          type: 'heading',
          id: shownBlockId('mfadwdtobkvi'),
          level: 1,
          firstText: 'Pricing and Plans',
        },
        {
          index: 1,
          type: 'paragraph',
          id: shownBlockId(SEED_NODE_IDS.pricingIntro),
          level: null,
          firstText: expect.stringMatching(/^Prices are per seat/),
        },
        {
          index: 2,
          type: 'table',
          id: null,
          level: null,
          firstText: 'Plan',
          rows: 4,
          cols: 3,
        },
        {
          index: 3,
          type: 'heading',
          id: shownBlockId('tayjxunemopi'),
          level: 2,
          firstText: 'Discounts',
        },
        {
          index: 4,
          type: 'bulletList',
          id: null,
          level: null,
          firstText: 'Non-profits get 50% off the Team plan.',
          items: 2,
        },
      ]);
    });

    it('reads a block by #index and a nested block by id', async () => {
      const table = await tools.call(
        'getNode',
        { pageId: P.pricing, block: '#2' },
        owner,
      );
      expect(table).toMatchObject({
        topLevelIndex: 2,
        path: [2],
        node: { type: 'table' },
      });
      expect(table.text.split('\n')).toHaveLength(12);
      const cell = await tools.call(
        'getNode',
        { pageId: P.pricing, block: SEED_NODE_IDS.pricingTeamPrice },
        owner,
      );
      expect(cell).toMatchObject({
        topLevelIndex: 2,
        path: [2, 2, 1, 0],
        text: '$8',
        node: {
          type: 'paragraph',
          attrs: { id: SEED_NODE_IDS.pricingTeamPrice },
        },
      });
      // The id as getPage and getTable show it names the same block.
      expect(
        await tools.call(
          'getNode',
          {
            pageId: P.pricing,
            block: shownBlockId(SEED_NODE_IDS.pricingTeamPrice),
          },
          owner,
        ),
      ).toEqual({
        ...cell,
        block: shownBlockId(SEED_NODE_IDS.pricingTeamPrice),
      });
    });

    it('explains how to find blocks when the reference is absent or malformed', async () => {
      expect(
        (
          await expectToolError(
            tools.call('getNode', { pageId: P.pricing, block: '#9' }, owner),
          )
        ).message,
      ).toMatch(/has 5 top-level blocks \(#0–#4\).*getOutline/);
      expect(
        (
          await expectToolError(
            tools.call(
              'getNode',
              { pageId: P.pricing, block: 'zzzzzzzzzzzz' },
              owner,
            ),
          )
        ).message,
      ).toMatch(/no block with id "zzzzzzzzzzzz".*getOutline/);
      expect(
        (
          await expectToolError(
            tools.call(
              'getNode',
              { pageId: P.pricing, block: 'Pricing' },
              owner,
            ),
          )
        ).code,
      ).toBe('invalid_input');
    });
  });

  it('reads a comment through getComment with the same access rule as its page', async () => {
    const thread = await tools.call<GetCommentResult>(
      'getComment',
      { commentId: SEED_IDS.comments.roadmapSso },
      member,
    );
    expect(thread).toMatchObject({
      kind: 'thread',
      pageId: P.roadmap,
      selection: 'single sign-on with SAML',
      resolved: false,
    });
  });
});
