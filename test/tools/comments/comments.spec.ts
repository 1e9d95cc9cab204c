import { randomUUID } from 'node:crypto';
import { SEED_IDS, SEED_NODE_IDS } from '../../../host/seed/seed-ids';
import type { CreatedComment } from '../../../src/tools/comments/create-comment';
import type { GetCommentResult } from '../../../src/tools/comments/get-comment';
import type { ListCommentsResult } from '../../../src/tools/comments/list-comments';
import type { ResolveCommentResult } from '../../../src/tools/comments/resolve-comment';
import {
  asDocument,
  type ProseMirrorNode,
  findBlockById,
} from '../../../src/document';
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

/** The `attrs` of the thread's comment marks in a node, one entry per marked text node. */
function commentMarkAttrs(node: ProseMirrorNode, commentId: string): unknown[] {
  const own = (node.marks ?? [])
    .filter(
      (mark) => mark.type === 'comment' && mark.attrs?.commentId === commentId,
    )
    .map((mark) => mark.attrs);
  return [
    ...own,
    ...(node.content ?? []).flatMap((child) =>
      commentMarkAttrs(child, commentId),
    ),
  ];
}

/** The document with the thread's marks removed, as if a human deleted the highlight. */
function withoutCommentMark(
  node: ProseMirrorNode,
  commentId: string,
): ProseMirrorNode {
  const marks = node.marks?.filter(
    (mark) => mark.attrs?.commentId !== commentId,
  );
  const content = node.content?.map((child) =>
    withoutCommentMark(child, commentId),
  );
  return {
    ...node,
    ...(marks ? { marks } : {}),
    ...(content ? { content } : {}),
  };
}

const P = SEED_IDS.pages;
const C = SEED_IDS.comments;
const owner = contextFor('owner');
const member = contextFor('member');

describe('core comment tools', () => {
  let database: TestDatabase;
  let tools: SeededTools;

  beforeAll(async () => {
    database = await createTestDatabase();
    tools = seededTools(database.db);
  });
  afterAll(async () => database.drop());

  const pageRow = (pageId: string) =>
    database.db
      .selectFrom('pages')
      .select(['content', 'textContent', 'updatedAt', 'lastUpdatedById'])
      .where('id', '=', pageId)
      .executeTakeFirstOrThrow();
  const historyCount = async (pageId: string) =>
    (
      await database.db
        .selectFrom('pageHistory')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('pageId', '=', pageId)
        .executeTakeFirstOrThrow()
    ).count;
  const block = async (pageId: string, id: string): Promise<ProseMirrorNode> =>
    findBlockById(asDocument((await pageRow(pageId)).content), id)!.node;

  describe('listComments and getComment', () => {
    it('lists open threads oldest first with nested replies, hiding resolved ones unless asked', async () => {
      const open = await tools.call<ListCommentsResult>(
        'listComments',
        { pageId: P.roadmap },
        member,
      );
      expect(open.resolvedThreadsHidden).toBe(1);
      expect(open.threads).toEqual([
        {
          id: C.roadmapSso,
          text: 'Can we commit to SAML in Q3? Two renewals depend on it.',
          author: { id: SEED_IDS.users.member, name: 'Jordan Lee' },
          createdAt: '2025-06-03T09:00:00.000Z',
          createdSource: 'user',
          selection: 'single sign-on with SAML',
          anchorBlockId: shownBlockId(SEED_NODE_IDS.roadmapSsoParagraph),
          resolved: false,
          resolvedAt: null,
          resolvedBy: null,
          replies: [
            expect.objectContaining({
              id: C.roadmapSsoReply,
              author: { id: SEED_IDS.users.admin, name: 'Sam Patel' },
            }),
          ],
        },
      ]);
      const all = await tools.call<ListCommentsResult>(
        'listComments',
        { pageId: P.roadmap, includeResolved: true },
        member,
      );
      expect(all.threads.map((thread) => [thread.id, thread.resolved])).toEqual(
        [
          [C.roadmapMobile, true],
          [C.roadmapSso, false],
        ],
      );
      expect(all.threads[0]?.resolvedBy).toEqual({
        id: SEED_IDS.users.owner,
        name: 'Maya Chen',
      });
    });

    it('reads a reply with its thread id, and a thread with its replies', async () => {
      const reply = await tools.call<GetCommentResult>(
        'getComment',
        { commentId: C.strategyPricingReply },
        owner,
      );
      expect(reply).toMatchObject({
        kind: 'reply',
        id: C.strategyPricingReply,
        parentCommentId: C.strategyPricing,
        pageId: P.strategy,
      });
      const thread = await tools.call<GetCommentResult>(
        'getComment',
        { commentId: C.strategyPricing },
        owner,
      );
      expect(
        thread.kind === 'thread' && thread.replies.map((item) => item.id),
      ).toEqual([C.strategyPricingReply, C.strategyPricingSecondReply]);
    });

    it('answers an unknown, malformed or deleted comment id the same way', async () => {
      await database.db
        .updateTable('comments')
        .set({ deletedAt: new Date() })
        .where('id', '=', C.boardPrepNumbers)
        .execute();
      for (const commentId of [randomUUID(), 'nope', C.boardPrepNumbers]) {
        const error = await expectToolError(
          tools.call('getComment', { commentId }, owner),
        );
        expect(error.message).toBe(
          `comment ${commentId} not found or no access; listComments shows a page's comments`,
        );
      }
    });
  });

  describe('createComment', () => {
    it('starts a thread anchored on the first occurrence of the selection, as the agent of the chat', async () => {
      const chatId = randomUUID();
      await database.db
        .insertInto('aiChats')
        .values({
          id: chatId,
          workspaceId: SEED_IDS.workspace,
          creatorId: SEED_IDS.users.member,
          title: 'Pricing check',
        })
        .execute();
      const historyBefore = await historyCount(P.pricing);
      const created = await tools.call<CreatedComment>(
        'createComment',
        {
          pageId: P.pricing,
          selection: 'the Team plan',
          content:
            'Is this still true after the price change?\nPlease check with sales.',
        },
        contextFor('member', { chatId }),
      );
      // A UUID v7, time-ordered, as Docmost makes row ids.
      expect(created.id).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
      expect(created).toMatchObject({
        kind: 'thread',
        pageId: P.pricing,
        selection: 'the Team plan',
        anchorBlockId: 'ddpuebuzuigy',
        parentCommentId: null,
      });

      const row = await database.db
        .selectFrom('comments')
        .selectAll()
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        creatorId: SEED_IDS.users.member,
        pageId: P.pricing,
        spaceId: SEED_IDS.spaces.product,
        workspaceId: SEED_IDS.workspace,
        selection: 'the Team plan',
        type: 'inline',
        createdSource: 'agent',
        aiChatId: chatId,
        parentCommentId: null,
      });
      expect(row.content).toEqual({
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [
              {
                type: 'text',
                text: 'Is this still true after the price change?',
              },
            ],
          },
          {
            type: 'paragraph',
            content: [{ type: 'text', text: 'Please check with sales.' }],
          },
        ],
      });

      // "the Team plan" occurs in two list items: only the first is marked.
      expect((await block(P.pricing, 'ddpuebuzuigy')).content).toEqual([
        { type: 'text', text: 'Non-profits get 50% off ' },
        {
          type: 'text',
          text: 'the Team plan',
          marks: [
            {
              type: 'comment',
              attrs: { commentId: created.id, resolved: false },
            },
          ],
        },
        { type: 'text', text: '.' },
      ]);
      expect(
        JSON.stringify(await block(P.pricing, 'hoxfqfotqxso')),
      ).not.toContain(created.id);
      const page = await pageRow(P.pricing);
      expect(page.lastUpdatedById).toBe(SEED_IDS.users.member);
      expect(Number(await historyCount(P.pricing))).toBe(
        Number(historyBefore) + 1,
      );
    });

    it('anchors across differently formatted text and is listed with its anchor', async () => {
      const created = await tools.call<CreatedComment>(
        'createComment',
        {
          pageId: P.productHandbook,
          selection: 'the single source of truth',
          content: 'Bold claim.',
        },
        owner,
      );
      expect(
        (
          await block(P.productHandbook, SEED_NODE_IDS.handbookIntro)
        ).content?.slice(0, 3),
      ).toEqual([
        { type: 'text', text: 'This handbook is ' },
        {
          type: 'text',
          text: 'the ',
          marks: [
            {
              type: 'comment',
              attrs: { commentId: created.id, resolved: false },
            },
          ],
        },
        {
          type: 'text',
          text: 'single source of truth',
          marks: [
            { type: 'bold' },
            {
              type: 'comment',
              attrs: { commentId: created.id, resolved: false },
            },
          ],
        },
      ]);
      const listed = await tools.call<ListCommentsResult>(
        'listComments',
        { pageId: P.productHandbook },
        owner,
      );
      expect(listed.threads).toEqual([
        expect.objectContaining({
          id: created.id,
          anchorBlockId: shownBlockId(SEED_NODE_IDS.handbookIntro),
          createdSource: 'agent',
          author: { id: SEED_IDS.users.owner, name: 'Maya Chen' },
        }),
      ]);
    });

    it('replies to a thread without touching the page', async () => {
      const before = await pageRow(P.roadmap);
      const reply = await tools.call<CreatedComment>(
        'createComment',
        {
          pageId: P.roadmap,
          parentCommentId: C.roadmapSso,
          content: 'Added to the Q3 plan.',
        },
        member,
      );
      expect(reply).toMatchObject({
        kind: 'reply',
        parentCommentId: C.roadmapSso,
        anchorBlockId: null,
      });
      expect(await pageRow(P.roadmap)).toEqual(before);
      const row = await database.db
        .selectFrom('comments')
        .selectAll()
        .where('id', '=', reply.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        parentCommentId: C.roadmapSso,
        selection: null,
        type: 'page',
        createdSource: 'agent',
        aiChatId: null,
      });
    });

    it('refuses a selection that is not in the page text, and writes nothing', async () => {
      const before = await pageRow(P.releaseNotes);
      const commentsBefore = await database.db
        .selectFrom('comments')
        .select('id')
        .execute();
      const missing = await expectToolError(
        tools.call(
          'createComment',
          { pageId: P.releaseNotes, selection: 'weekly summary', content: 'x' },
          owner,
        ),
      );
      expect(missing.message).toMatch(
        /^selection "weekly summary" is not in the text of page/,
      );
      const capitalised = await expectToolError(
        tools.call(
          'createComment',
          {
            pageId: P.releaseNotes,
            selection: 'search results now',
            content: 'x',
          },
          owner,
        ),
      );
      expect(capitalised.message).toContain(
        'different capitalisation: "Search results now"',
      );
      const markdown = await expectToolError(
        tools.call(
          'createComment',
          { pageId: P.releaseNotes, selection: '**Highlights**', content: 'x' },
          owner,
        ),
      );
      expect(markdown.message).toContain('Markdown is not understood');
      expect(await pageRow(P.releaseNotes)).toEqual(before);
      expect(
        await database.db.selectFrom('comments').select('id').execute(),
      ).toHaveLength(commentsBefore.length);
    });

    it('refuses bad reply targets and ambiguous or empty requests', async () => {
      const toReply = await expectToolError(
        tools.call(
          'createComment',
          {
            pageId: P.roadmap,
            parentCommentId: C.roadmapSsoReply,
            content: 'x',
          },
          owner,
        ),
      );
      expect(toReply.message).toBe(
        `comment ${C.roadmapSsoReply} is itself a reply; replies go to the thread: use parentCommentId ${C.roadmapSso}`,
      );
      const otherPage = await expectToolError(
        tools.call(
          'createComment',
          { pageId: P.pricing, parentCommentId: C.roadmapSso, content: 'x' },
          owner,
        ),
      );
      expect(otherPage.message).toMatch(/is not a comment on page/);
      const both = await expectToolError(
        tools.call(
          'createComment',
          {
            pageId: P.roadmap,
            parentCommentId: C.roadmapSso,
            selection: 'Q3',
            content: 'x',
          },
          owner,
        ),
      );
      expect(both.message).toMatch(
        /either selection .* or parentCommentId .* not both/,
      );
      const neither = await expectToolError(
        tools.call('createComment', { pageId: P.roadmap, content: 'x' }, owner),
      );
      expect(neither.message).toMatch(/neither was given/);
      const tooLong = await expectToolError(
        tools.call(
          'createComment',
          { pageId: P.roadmap, selection: 'x'.repeat(251), content: 'x' },
          owner,
        ),
      );
      expect(tooLong.code).toBe('invalid_input');
      expect(tooLong.message).toMatch(/selection/);
    });
  });

  describe('resolveComment', () => {
    it('resolves a thread and its anchor mark in one go, then says so when asked again', async () => {
      const historyBefore = Number(await historyCount(P.supportPlaybook));
      const resolved = await tools.call<ResolveCommentResult>(
        'resolveComment',
        { commentId: C.supportEscalation },
        member,
      );
      expect(resolved).toEqual({
        commentId: C.supportEscalation,
        pageId: P.supportPlaybook,
        resolved: true,
        changed: true,
        anchorUpdated: true,
        message: `thread ${C.supportEscalation} resolved`,
      });
      const row = await database.db
        .selectFrom('comments')
        .selectAll()
        .where('id', '=', C.supportEscalation)
        .executeTakeFirstOrThrow();
      expect(row.resolvedById).toBe(SEED_IDS.users.member);
      expect(row.resolvedAt).toBeInstanceOf(Date);
      expect(
        commentMarkAttrs(
          await block(P.supportPlaybook, 'qxkykntzctho'),
          C.supportEscalation,
        ),
      ).toEqual([{ commentId: C.supportEscalation, resolved: true }]);
      expect(Number(await historyCount(P.supportPlaybook))).toBe(
        historyBefore + 1,
      );

      const again = await tools.call<ResolveCommentResult>(
        'resolveComment',
        { commentId: C.supportEscalation },
        member,
      );
      expect(again.changed).toBe(false);
      expect(again.message).toMatch(
        /was already resolved \(since .*\); nothing changed/,
      );
      expect(Number(await historyCount(P.supportPlaybook))).toBe(
        historyBefore + 1,
      );
    });

    it('reopens a resolved thread', async () => {
      const reopened = await tools.call<ResolveCommentResult>(
        'resolveComment',
        { commentId: C.roadmapMobile, resolved: false },
        owner,
      );
      expect(reopened).toMatchObject({
        resolved: false,
        changed: true,
        anchorUpdated: true,
      });
      const row = await database.db
        .selectFrom('comments')
        .select(['resolvedAt', 'resolvedById'])
        .where('id', '=', C.roadmapMobile)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ resolvedAt: null, resolvedById: null });
      expect(
        commentMarkAttrs(
          await block(P.roadmap, SEED_NODE_IDS.roadmapMobileParagraph),
          C.roadmapMobile,
        ),
      ).toEqual([{ commentId: C.roadmapMobile, resolved: false }]);
    });

    it('resolves a thread whose anchor text is gone without writing the page', async () => {
      const created = await tools.call<CreatedComment>(
        'createComment',
        { pageId: P.onboarding, selection: 'coffee', content: 'Tea too?' },
        owner,
      );
      const clean = withoutCommentMark(
        asDocument((await pageRow(P.onboarding)).content),
        created.id,
      );
      await database.db
        .updateTable('pages')
        .set({ content: clean as never })
        .where('id', '=', P.onboarding)
        .execute();
      const before = await pageRow(P.onboarding);
      const resolved = await tools.call<ResolveCommentResult>(
        'resolveComment',
        { commentId: created.id },
        owner,
      );
      expect(resolved).toMatchObject({ changed: true, anchorUpdated: false });
      expect(resolved.message).toMatch(/no longer on the page/);
      expect(await pageRow(P.onboarding)).toEqual(before);
    });

    it('refuses a reply, naming its thread', async () => {
      const error = await expectToolError(
        tools.call('resolveComment', { commentId: C.roadmapSsoReply }, owner),
      );
      expect(error.message).toBe(
        `comment ${C.roadmapSsoReply} is a reply; only threads are resolved: call resolveComment with the thread's id ${C.roadmapSso}`,
      );
    });

    it('applies concurrent resolves one after the other: one resolves, the other reports it already done', async () => {
      const results = await Promise.all([
        tools.call<ResolveCommentResult>(
          'resolveComment',
          { commentId: C.strategyPricing },
          owner,
        ),
        tools.call<ResolveCommentResult>(
          'resolveComment',
          { commentId: C.strategyPricing },
          contextFor('admin'),
        ),
      ]);
      expect(results.map((result) => result.changed).sort()).toEqual([
        false,
        true,
      ]);
    });
  });
});
