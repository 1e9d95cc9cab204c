import { sql } from 'kysely';
import { SEED_IDS, SEED_SHARE_KEY } from '../../../host/seed/seed-ids';
import {
  createTestDatabase,
  type TestDatabase,
} from '../../support/test-database';
import {
  expectToolError,
  PUBLIC_BASE_URL,
  seededTools,
  type SeededTools,
} from '../../support/seeded-tools';

const P = SEED_IDS.pages;
const S = SEED_IDS.spaces;
const C = SEED_IDS.comments;

let database: TestDatabase;
let tools: SeededTools;
beforeAll(async () => {
  database = await createTestDatabase();
  tools = seededTools(database.db);
});
afterAll(async () => {
  await database.drop();
});

async function setSharingDisabled(disabled: boolean): Promise<void> {
  await database.db
    .updateTable('workspaces')
    .set({
      settings: sql`coalesce(settings, '{}'::jsonb) || ${JSON.stringify({ sharing: { disabled } })}::text::jsonb`,
    })
    .where('id', '=', SEED_IDS.workspace)
    .execute();
}

describe('listShares', () => {
  it('lists the seeded public share with its public URL', async () => {
    const list = await tools.call('listShares', {}, 'member');
    expect(list).toEqual({
      sharingDisabled: false,
      nextCursor: null,
      shares: [
        {
          shareId: SEED_IDS.shares.productHandbook,
          url: `${PUBLIC_BASE_URL}/share/${SEED_SHARE_KEY}/p/product-handbook-H5VVN528Jm`,
          pageId: P.productHandbook,
          pageTitle: 'Product Handbook',
          spaceId: S.product,
          includeSubPages: true,
          searchIndexing: false,
          createdById: SEED_IDS.users.owner,
          createdAt: '2025-05-12T14:30:00.000Z',
        },
      ],
    });
  });
});

describe('sharePage and unsharePage', () => {
  it('creates a share once and returns the same link afterwards, updating its settings', async () => {
    const created = await tools.call(
      'sharePage',
      { pageId: P.pricing },
      'member',
    );
    expect(created).toMatchObject({
      created: true,
      pageId: P.pricing,
      title: 'Pricing and Plans',
      includeSubPages: false,
      searchIndexing: false,
    });
    expect(created.key).toMatch(/^[0-9a-z]{10}$/);
    expect(created.url).toBe(
      `${PUBLIC_BASE_URL}/share/${created.key}/p/pricing-and-plans-wZd7GkPtHz`,
    );
    const again = await tools.call('sharePage', {
      pageId: P.pricing,
      searchIndexing: true,
    });
    expect(again).toMatchObject({
      created: false,
      shareId: created.shareId,
      key: created.key,
      searchIndexing: true,
      includeSubPages: false,
    });
    const rows = await database.db
      .selectFrom('shares')
      .selectAll()
      .where('pageId', '=', P.pricing)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      creatorId: SEED_IDS.users.member,
      spaceId: S.product,
      workspaceId: SEED_IDS.workspace,
      searchIndexing: true,
    });
  });

  it("shows shares only in the caller's spaces", async () => {
    await tools.call('sharePage', { pageId: P.boardPrep }, 'owner');
    const owner = await tools.call('listShares', {}, 'owner');
    const member = await tools.call('listShares', {}, 'member');
    expect(
      owner.shares.map((share: { pageId: string }) => share.pageId),
    ).toEqual([P.boardPrep, P.pricing, P.productHandbook]);
    expect(
      member.shares.map((share: { pageId: string }) => share.pageId),
    ).toEqual([P.pricing, P.productHandbook]);
    const leadershipOnly = await tools.call(
      'listShares',
      { spaceId: S.leadership },
      'owner',
    );
    expect(
      leadershipOnly.shares.map((share: { pageId: string }) => share.pageId),
    ).toEqual([P.boardPrep]);
  });

  it('revokes a share by removing it, and says when an ancestor keeps the page public', async () => {
    const revoked = await tools.call('unsharePage', { pageId: P.pricing });
    expect(revoked).toMatchObject({
      revoked: true,
      stillPublicVia: { pageId: P.productHandbook, title: 'Product Handbook' },
    });
    expect(revoked.message).toContain(
      'still public through the share of its ancestor "Product Handbook"',
    );
    expect(
      await database.db
        .selectFrom('shares')
        .select('id')
        .where('pageId', '=', P.pricing)
        .execute(),
    ).toEqual([]);
    const boardPrepRevoked = await tools.call(
      'unsharePage',
      { pageId: P.boardPrep },
      'owner',
    );
    expect(boardPrepRevoked).toMatchObject({
      revoked: true,
      stillPublicVia: null,
      message: 'the public link no longer works',
    });
    const nothing = await tools.call(
      'unsharePage',
      { pageId: P.boardPrep },
      'owner',
    );
    expect(nothing).toMatchObject({
      revoked: false,
      message: 'the page was not shared; nothing changed',
    });
  });

  it('refuses to share while the workspace has sharing disabled, but still revokes', async () => {
    await setSharingDisabled(true);
    try {
      const error = await expectToolError(
        tools.call('sharePage', { pageId: P.roadmap }),
      );
      expect(error.code).toBe('forbidden');
      expect(error.message).toContain(
        'public sharing is disabled for this workspace',
      );
      expect(
        await database.db
          .selectFrom('shares')
          .select('id')
          .where('pageId', '=', P.roadmap)
          .execute(),
      ).toEqual([]);
      expect((await tools.call('listShares', {})).sharingDisabled).toBe(true);
      expect(
        (await tools.call('unsharePage', { pageId: P.productHandbook }))
          .revoked,
      ).toBe(true);
    } finally {
      await setSharingDisabled(false);
    }
  });
});

describe('checkNewComments', () => {
  it('lists comments of the space created after a moment, oldest first, with a watermark', async () => {
    const result = await tools.call(
      'checkNewComments',
      { spaceId: S.product, since: '2025-05-30T00:00:00Z' },
      'member',
    );
    expect(
      result.comments.map(
        (comment: { commentId: string }) => comment.commentId,
      ),
    ).toEqual([C.supportEscalation, C.roadmapSso, C.roadmapSsoReply]);
    expect(result.comments[1]).toMatchObject({
      pageId: P.roadmap,
      pageTitle: 'Roadmap 2025',
      parentCommentId: null,
      author: { id: SEED_IDS.users.member, name: 'Jordan Lee' },
      createdAt: '2025-06-03T09:00:00.000000Z',
      createdSource: 'user',
      selection: 'single sign-on with SAML',
      text: 'Can we commit to SAML in Q3? Two renewals depend on it.',
      resolved: false,
    });
    expect(result).toMatchObject({
      count: 3,
      latest: '2025-06-03T10:30:00.000000Z',
      truncated: false,
    });
    const none = await tools.call(
      'checkNewComments',
      { spaceId: S.product, since: result.latest },
      'member',
    );
    expect(none).toMatchObject({
      count: 0,
      comments: [],
      latest: result.latest,
    });
  });

  it('filters by page, limits, and skips comments on pages in the trash', async () => {
    const roadmapOnly = await tools.call('checkNewComments', {
      spaceId: S.product,
      since: '2025-01-01T00:00:00+03:00',
      pageId: 'VFEpewF8Mc',
    });
    expect(roadmapOnly.count).toBe(4);
    const limited = await tools.call('checkNewComments', {
      spaceId: S.product,
      since: '2025-01-01T00:00:00Z',
      limit: 2,
    });
    expect(limited).toMatchObject({ count: 2, truncated: true });
    await tools.call('deletePage', { pageId: P.supportPlaybook });
    const afterTrash = await tools.call('checkNewComments', {
      spaceId: S.product,
      since: '2025-05-30T00:00:00Z',
    });
    expect(
      afterTrash.comments.map(
        (comment: { commentId: string }) => comment.commentId,
      ),
    ).toEqual([C.roadmapSso, C.roadmapSsoReply]);
  });

  it('refuses a timestamp that is not ISO 8601 with a timezone, and a page of another space', async () => {
    for (const since of [
      'yesterday',
      '2025-06-01',
      '2025-06-01T10:00:00',
      '2025-02-30T00:00:00Z',
    ]) {
      const error = await expectToolError(
        tools.call('checkNewComments', { spaceId: S.product, since }),
      );
      expect(error.code).toBe('invalid_input');
      expect(error.message).toContain(
        `since "${since}" is not an ISO 8601 timestamp with a timezone`,
      );
    }
    const otherSpace = await expectToolError(
      tools.call('checkNewComments', {
        spaceId: S.product,
        since: '2025-01-01T00:00:00Z',
        pageId: P.strategy,
      }),
    );
    expect(otherSpace.message).toContain('is in another space');
  });
});
