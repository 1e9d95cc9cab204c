import { SEED_IDS } from '../../host/seed/seed-ids';
import {
  BindingHost,
  normalise,
  type Outcome,
  type Person,
} from './support/binding-host';

/**
 * Inside Docmost the agent acts as its user does: each write tool's call goes through the host's
 * Docmost-like services (bound with `docmostServices`, as Docmost's mount binds its own), so it
 * has the same effects (room events, watchers, notifications, page and tree events) as the same
 * person's call of Docmost's own route.
 */

let host: BindingHost;
beforeAll(async () => {
  host = await BindingHost.start();
}, 60_000);
afterAll(async () => {
  await host?.close();
});

const PRODUCT = SEED_IDS.spaces.product;
const body = (text: string) =>
  JSON.stringify({
    type: 'doc',
    content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
  });
const idOf = (outcome: Outcome, field = 'id') =>
  (outcome.value as Record<string, string>)[field]!;

/** A thread the owner opens through Docmost's route, for a reply or a resolve to act on. */
async function ownersThread(pageId: string): Promise<string> {
  const thread = await host.route('owner', 'comments/create', {
    pageId,
    content: body('A question'),
  });
  expect(thread.status).toBe(200);
  return idOf(thread);
}

interface ParityCase {
  readonly agent: Outcome;
  readonly route: Outcome;
  /** The ids each call acted on or created, by role. */
  readonly agentRoles: Record<string, string>;
  readonly routeRoles: Record<string, string>;
}

/** One row per write tool: the two calls, and the effects Docmost's services have for them. */
const ROWS: ReadonlyArray<{
  readonly tool: string;
  readonly effects: readonly string[];
  readonly run: () => Promise<ParityCase>;
}> = [
  {
    tool: 'createComment (a thread)',
    effects: [
      'queue ADD_PAGE_WATCHERS',
      'queue COMMENT_NOTIFICATION',
      'ws commentCreated',
      'audit comment.created',
    ],
    async run() {
      const [a, b] = [await host.newPage('A'), await host.newPage('B')];
      const agent = await host.agent('member', 'createComment', {
        pageId: a,
        selection: 'The text of',
        content: 'Is this right?',
      });
      const route = await host.route('member', 'comments/create', {
        pageId: b,
        selection: 'The text of',
        type: 'inline',
        content: body('Is this right?'),
      });
      return {
        agent,
        route,
        agentRoles: { [a]: '<page>', [idOf(agent)]: '<comment>' },
        routeRoles: { [b]: '<page>', [idOf(route)]: '<comment>' },
      };
    },
  },
  {
    tool: 'createComment (a reply)',
    effects: [
      'queue ADD_PAGE_WATCHERS',
      'queue COMMENT_NOTIFICATION',
      'ws commentCreated',
      'audit comment.created',
    ],
    async run() {
      const [a, b] = [await host.newPage('A'), await host.newPage('B')];
      const [ta, tb] = [await ownersThread(a), await ownersThread(b)];
      const agent = await host.agent('member', 'createComment', {
        pageId: a,
        parentCommentId: ta,
        content: 'Yes',
      });
      const route = await host.route('member', 'comments/create', {
        pageId: b,
        parentCommentId: tb,
        content: body('Yes'),
      });
      return {
        agent,
        route,
        agentRoles: {
          [a]: '<page>',
          [ta]: '<thread>',
          [idOf(agent)]: '<comment>',
        },
        routeRoles: {
          [b]: '<page>',
          [tb]: '<thread>',
          [idOf(route)]: '<comment>',
        },
      };
    },
  },
  {
    tool: 'resolveComment',
    effects: [
      'queue COMMENT_RESOLVED_NOTIFICATION',
      'ws commentResolved',
      'audit comment.resolved',
    ],
    async run() {
      const [a, b] = [await host.newPage('A'), await host.newPage('B')];
      const [ta, tb] = [await ownersThread(a), await ownersThread(b)];
      const agent = await host.agent('member', 'resolveComment', {
        commentId: ta,
        resolved: true,
      });
      const route = await host.route('member', 'comments/resolve', {
        commentId: tb,
        resolved: true,
      });
      return {
        agent,
        route,
        agentRoles: { [a]: '<page>', [ta]: '<thread>' },
        routeRoles: { [b]: '<page>', [tb]: '<thread>' },
      };
    },
  },
  {
    tool: 'createPage',
    effects: [
      'event PAGE_CREATED',
      'ws addTreeNode',
      'queue ADD_PAGE_WATCHERS',
      'audit page.created',
    ],
    async run() {
      const agent = await host.agent('member', 'createPage', {
        spaceId: PRODUCT,
        title: 'Launch checklist',
        markdown: 'First step',
      });
      const route = await host.route('member', 'pages/create', {
        spaceId: PRODUCT,
        title: 'Launch checklist',
        content: JSON.parse(body('First step')),
        format: 'json',
      });
      return {
        agent,
        route,
        agentRoles: { [idOf(agent, 'pageId')]: '<page>' },
        routeRoles: { [idOf(route)]: '<page>' },
      };
    },
  },
  {
    tool: 'renamePage',
    effects: ['event PAGE_UPDATED', 'ws updateOne', 'queue ADD_PAGE_WATCHERS'],
    async run() {
      const [a, b] = [await host.newPage('A'), await host.newPage('B')];
      const agent = await host.agent('member', 'renamePage', {
        pageId: a,
        title: 'Renamed',
      });
      const route = await host.route('member', 'pages/update', {
        pageId: b,
        title: 'Renamed',
      });
      return {
        agent,
        route,
        agentRoles: { [a]: '<page>' },
        routeRoles: { [b]: '<page>' },
      };
    },
  },
  {
    tool: 'movePage',
    effects: ['event PAGE_MOVED', 'ws moveTreeNode'],
    async run() {
      const parent = await host.newPage('Parent');
      const [a, b] = [await host.newPage('A'), await host.newPage('B')];
      const agent = await host.agent('member', 'movePage', {
        pageId: a,
        parentPageId: parent,
      });
      const route = await host.route('member', 'pages/move', {
        pageId: b,
        parentPageId: parent,
        position: 'a5',
      });
      return {
        agent,
        route,
        agentRoles: { [a]: '<page>' },
        routeRoles: { [b]: '<page>' },
      };
    },
  },
  {
    tool: 'deletePage',
    effects: [
      'event PAGE_SOFT_DELETED',
      'ws deleteTreeNode',
      'audit page.trashed',
    ],
    async run() {
      const [a, b] = [await host.newPage('A'), await host.newPage('B')];
      const agent = await host.agent('member', 'deletePage', { pageId: a });
      const route = await host.route('member', 'pages/delete', { pageId: b });
      return {
        agent,
        route,
        agentRoles: { [a]: '<page>' },
        routeRoles: { [b]: '<page>' },
      };
    },
  },
  {
    // Docmost's share service writes the row and emits nothing; its controller writes audit.
    tool: 'sharePage',
    effects: ['audit share.created'],
    async run() {
      const [a, b] = [await host.newPage('A'), await host.newPage('B')];
      const agent = await host.agent('member', 'sharePage', { pageId: a });
      const route = await host.route('member', 'shares/create', { pageId: b });
      return {
        agent,
        route,
        agentRoles: { [a]: '<page>', [idOf(agent, 'shareId')]: '<share>' },
        routeRoles: { [b]: '<page>', [idOf(route)]: '<share>' },
      };
    },
  },
  {
    tool: 'unsharePage',
    effects: ['audit share.deleted'],
    async run() {
      const [a, b] = [await host.newPage('A'), await host.newPage('B')];
      const shared = await host.agent('member', 'sharePage', { pageId: a });
      const share = await host.route('member', 'shares/create', { pageId: b });
      const agent = await host.agent('member', 'unsharePage', { pageId: a });
      const route = await host.route('member', 'shares/delete', {
        shareId: idOf(share),
      });
      return {
        agent,
        route,
        agentRoles: { [a]: '<page>', [idOf(shared, 'shareId')]: '<share>' },
        routeRoles: { [b]: '<page>', [idOf(share)]: '<share>' },
      };
    },
  },
];

describe("each write tool has the effects of the same person's call of Docmost's route", () => {
  it.each(ROWS)('$tool', async ({ effects, run }) => {
    const { agent, route, agentRoles, routeRoles } = await run();
    expect(agent.ok).toBe(true);
    expect(route.ok).toBe(true);
    const byAgent = normalise(agent.effects, agentRoles);
    expect(byAgent).toEqual(normalise(route.effects, routeRoles));
    expect(byAgent.map((effect) => `${effect.kind} ${effect.name}`)).toEqual(
      effects,
    );
  });

  it("passes Docmost the agent's provenance: the agent's rows are marked as the agent's, the route's as the person's", async () => {
    const page = await host.newPage('Provenance');
    const agent = await host.agent('member', 'createComment', {
      pageId: page,
      selection: 'The text of',
      content: 'By the agent',
    });
    const route = await host.route('member', 'comments/create', {
      pageId: page,
      content: body('By the member'),
    });
    const sources = await host.database.db
      .selectFrom('comments')
      .select(['id', 'createdSource', 'creatorId'])
      .where('id', 'in', [idOf(agent), idOf(route)])
      .execute();
    expect(sources).toEqual(
      expect.arrayContaining([
        {
          id: idOf(agent),
          createdSource: 'agent',
          creatorId: SEED_IDS.users.member,
        },
        {
          id: idOf(route),
          createdSource: 'user',
          creatorId: SEED_IDS.users.member,
        },
      ]),
    );
    const created = await host.agent('member', 'createPage', {
      spaceId: PRODUCT,
      title: 'Made by the agent',
      markdown: 'Body',
    });
    const made = await host.database.db
      .selectFrom('pages')
      .select(['lastUpdatedSource', 'creatorId'])
      .where('id', '=', idOf(created, 'pageId'))
      .executeTakeFirstOrThrow();
    expect(made).toEqual({
      lastUpdatedSource: 'agent',
      creatorId: SEED_IDS.users.member,
    });
  });

  it('records the watcher rows the services add, for the agent as for the route', async () => {
    const page = await host.newPage('Watched');
    await host.agent('admin', 'createComment', {
      pageId: page,
      selection: 'The text of',
      content: 'Watching this',
    });
    const watchers = await host.database.db
      .selectFrom('watchers')
      .select('userId')
      .where('pageId', '=', page)
      .execute();
    expect(watchers.map((row) => row.userId).sort()).toEqual(
      [SEED_IDS.users.owner, SEED_IDS.users.admin].sort(),
    );
  });

  it("stores a mention (<@userId>) as Docmost's comment editor does, so the person is notified as for the route", async () => {
    const [a, b] = [await host.newPage('A'), await host.newPage('B')];
    const owner = SEED_IDS.users.owner;
    const agent = await host.agent('member', 'createComment', {
      pageId: a,
      selection: 'The text of',
      content: `Can you check, <@${owner}>?`,
    });
    const stored = await host.database.db
      .selectFrom('comments')
      .select('content')
      .where('id', '=', idOf(agent))
      .executeTakeFirstOrThrow();
    const [paragraph] = (stored.content as { content: [{ content: object[] }] })
      .content;
    expect(paragraph.content).toEqual([
      { type: 'text', text: 'Can you check, ' },
      {
        type: 'mention',
        attrs: {
          id: expect.any(String),
          label: 'Maya Chen',
          entityType: 'user',
          entityId: owner,
          creatorId: SEED_IDS.users.member,
        },
      },
      { type: 'text', text: '?' },
    ]);
    // The same person types the same mention in Docmost's comment box.
    const route = await host.route('member', 'comments/create', {
      pageId: b,
      selection: 'The text of',
      type: 'inline',
      content: JSON.stringify({ type: 'doc', content: [paragraph] }),
    });
    const notification = (outcome: Outcome) =>
      outcome.effects.find((effect) => effect.name === 'COMMENT_NOTIFICATION')
        ?.details;
    expect(notification(agent)).toEqual(
      expect.objectContaining({ mentionedUserIds: owner }),
    );
    expect(notification(agent)).toEqual(notification(route));

    const unknown = '0190a1b2-0000-7000-8000-000000000000';
    const refused = await host.agent('member', 'createComment', {
      pageId: a,
      selection: 'The text of',
      content: `Ping <@${unknown}>`,
    });
    expect(refused).toEqual({
      ok: false,
      value: expect.stringContaining(
        `<@${unknown}> in content names no member of this workspace`,
      ),
      effects: [],
    });
  });
});

describe("Docmost's audit log: the agent's writes are in it, as the route's are", () => {
  /** The audit entries written since `mark`, with the given ids named by their role. */
  function auditSince(mark: number, roles: Record<string, string>) {
    return host.docmost.auditService
      .entries()
      .slice(mark)
      .map((entry) =>
        JSON.parse(
          Object.entries(roles).reduce(
            (text, [id, role]) => text.split(id).join(role),
            JSON.stringify(entry),
          ),
        ),
      );
  }

  it('the same event, payload and actor, with the source agent and the chat in its metadata', async () => {
    const [a, b] = [
      await host.newPage('Old notes'),
      await host.newPage('Old notes'),
    ];
    const [slugA, slugB] = await Promise.all(
      [a, b].map(
        async (id) =>
          (
            await host.database.db
              .selectFrom('pages')
              .select('slugId')
              .where('id', '=', id)
              .executeTakeFirstOrThrow()
          ).slugId,
      ),
    );
    const before = host.docmost.auditService.entries().length;
    expect((await host.agent('member', 'deletePage', { pageId: a })).ok).toBe(
      true,
    );
    const byAgent = auditSince(before, { [a]: '<page>', [slugA]: '<slug>' });
    const middle = host.docmost.auditService.entries().length;
    expect((await host.route('member', 'pages/delete', { pageId: b })).ok).toBe(
      true,
    );
    const byRoute = auditSince(middle, { [b]: '<page>', [slugB]: '<slug>' });

    const context = {
      workspaceId: SEED_IDS.workspace,
      actorId: SEED_IDS.users.member,
      actorType: 'user',
    };
    const payload = {
      event: 'page.trashed',
      resourceType: 'page',
      resourceId: '<page>',
      spaceId: PRODUCT,
      changes: {
        before: {
          pageId: '<page>',
          slugId: '<slug>',
          title: 'Old notes',
          spaceId: PRODUCT,
        },
      },
    };
    expect(byRoute).toEqual([{ payload, context }]);
    expect(byAgent).toEqual([
      {
        payload: { ...payload, metadata: { source: 'agent', aiChatId: null } },
        context,
      },
    ]);
  });
});

describe("Docmost's audit log for a move to another space", () => {
  it('writes page.moved_to_space with both spaces and the title, as the agent', async () => {
    const pageId = await host.newPage('Moving out');
    const before = host.docmost.auditService.entries().length;
    const moved = await host.agent('admin', 'movePage', {
      pageId,
      spaceId: SEED_IDS.spaces.leadership,
    });
    expect(moved.ok).toBe(true);
    expect(host.docmost.auditService.entries().slice(before)).toEqual([
      {
        payload: {
          event: 'page.moved_to_space',
          resourceType: 'page',
          resourceId: pageId,
          spaceId: PRODUCT,
          changes: {
            before: { spaceId: PRODUCT },
            after: { spaceId: SEED_IDS.spaces.leadership },
          },
          metadata: { title: 'Moving out', source: 'agent', aiChatId: null },
        },
        context: {
          workspaceId: SEED_IDS.workspace,
          actorId: SEED_IDS.users.admin,
          actorType: 'user',
        },
      },
    ]);
  });
});
