import type { DocmostSession } from './docmost-api';

/**
 * The rows of the write check: for each write tool, the same person's action through Docmost's
 * own route and the agent's tool call, each on a page of its own (made by Mia, who has the
 * space open), and the kinds of effect Docmost has for both.
 */

/** What a row needs: a new page of Mia's, a thread on a page, the space. */
export interface RowContext {
  readonly spaceId: string;
  /** A new page of Mia's; both pages of a row get the same title, as their effects carry it. */
  newPage(title: string, parentPageId?: string): Promise<string>;
  /** A thread the owner opens on a page through Docmost's route. */
  thread(pageId: string): Promise<string>;
  /**
   * The Yjs selection of `text` in the page's first paragraph, as Docmost's editor sends it with
   * a new inline thread (relative positions in the live document).
   */
  yjsSelection(pageId: string, text: string): Promise<unknown>;
  /** A share of the page through Docmost's route. */
  share(pageId: string): Promise<string>;
  readonly owner: DocmostSession;
}

/** One side of a row: the route's call, or the agent's tool call, and the ids it acted on. */
export interface RowSide {
  /** The pages whose watchers and notifications belong to the write. */
  readonly pages: readonly string[];
  /** Ids of the write and their role names. */
  readonly roles: Record<string, string>;
}

export interface WriteRow {
  readonly tool: string;
  /** The kinds of effect Docmost has for this write (`ws <operation>`, `job <queue> <name>`, …). */
  readonly effects: readonly string[];
  /** Makes what the row needs, and returns the two calls to make. */
  prepare(context: RowContext): Promise<{
    readonly route: {
      readonly route: string;
      readonly body: unknown;
      readonly side: RowSide;
    };
    readonly agent: {
      readonly tool: string;
      readonly input: unknown;
      /** The side, once the tool's output is known (a new page's id). */
      side(output: Record<string, unknown>): RowSide;
    };
    /** The route's answer's ids and their roles. */
    readonly routeRoles?: (
      data: Record<string, unknown>,
    ) => Record<string, string>;
  }>;
}

const TEXT = 'The text of this page is here.';

/** Docmost's editor sends a comment's ProseMirror JSON as a string. */
const commentBody = (text: string) =>
  JSON.stringify({
    type: 'doc',
    content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
  });

const pages = (agentPage: string, routePage: string) => ({
  agentPage,
  routePage,
});

export const PAGE_TEXT = TEXT;

export const WRITE_ROWS: readonly WriteRow[] = [
  {
    tool: 'createComment (a thread)',
    effects: [
      'audit comment.created',
      'job {general-queue} add-page-watchers',
      'job {notification-queue} comment-notification',
      'notification comment.created',
      'watcher {"page":"<page>","user":"owner"}',
      'ws commentCreated',
    ],
    async prepare(context) {
      const { agentPage, routePage } = pages(
        await context.newPage('Thread'),
        await context.newPage('Thread'),
      );
      return {
        route: {
          route: 'comments/create',
          body: {
            pageId: routePage,
            content: commentBody('Is this right?'),
            selection: 'The text of',
            type: 'inline',
          },
          side: { pages: [routePage], roles: { [routePage]: '<page>' } },
        },
        agent: {
          tool: 'createComment',
          input: {
            pageId: agentPage,
            content: 'Is this right?',
            selection: 'The text of',
          },
          side: (output) => ({
            pages: [agentPage],
            roles: { [agentPage]: '<page>', [String(output.id)]: '<comment>' },
          }),
        },
        routeRoles: (data) => ({ [String(data.id)]: '<comment>' }),
      };
    },
  },
  {
    tool: 'createComment (a reply)',
    effects: [
      'audit comment.created',
      'job {general-queue} add-page-watchers',
      'job {notification-queue} comment-notification',
      'ws commentCreated',
    ],
    async prepare(context) {
      const { agentPage, routePage } = pages(
        await context.newPage('Reply'),
        await context.newPage('Reply'),
      );
      const [agentThread, routeThread] = [
        await context.thread(agentPage),
        await context.thread(routePage),
      ];
      return {
        route: {
          route: 'comments/create',
          body: {
            pageId: routePage,
            parentCommentId: routeThread,
            content: commentBody('Yes'),
          },
          side: {
            pages: [routePage],
            roles: { [routePage]: '<page>', [routeThread]: '<thread>' },
          },
        },
        agent: {
          tool: 'createComment',
          input: {
            pageId: agentPage,
            parentCommentId: agentThread,
            content: 'Yes',
          },
          side: (output) => ({
            pages: [agentPage],
            roles: {
              [agentPage]: '<page>',
              [agentThread]: '<thread>',
              [String(output.id)]: '<comment>',
            },
          }),
        },
        routeRoles: (data) => ({ [String(data.id)]: '<comment>' }),
      };
    },
  },
  {
    tool: 'resolveComment',
    effects: ['audit comment.resolved', 'ws commentResolved'],
    async prepare(context) {
      const { agentPage, routePage } = pages(
        await context.newPage('Resolve'),
        await context.newPage('Resolve'),
      );
      const [agentThread, routeThread] = [
        await context.thread(agentPage),
        await context.thread(routePage),
      ];
      return {
        route: {
          route: 'comments/resolve',
          body: { commentId: routeThread, resolved: true },
          side: {
            pages: [routePage],
            roles: { [routePage]: '<page>', [routeThread]: '<thread>' },
          },
        },
        agent: {
          tool: 'resolveComment',
          input: { commentId: agentThread, resolved: true },
          side: () => ({
            pages: [agentPage],
            roles: { [agentPage]: '<page>', [agentThread]: '<thread>' },
          }),
        },
      };
    },
  },
  {
    tool: 'createPage',
    effects: [
      'audit page.created',
      'job {ai-queue} page-created',
      'job {general-queue} add-page-watchers',
      'watcher {"page":"<page>","user":"owner"}',
      'ws addTreeNode',
    ],
    async prepare(context) {
      return {
        route: {
          route: 'pages/create',
          body: {
            spaceId: context.spaceId,
            title: 'Launch checklist',
            content: 'First step',
            format: 'markdown',
          },
          side: { pages: [], roles: {} },
        },
        agent: {
          tool: 'createPage',
          input: {
            spaceId: context.spaceId,
            title: 'Launch checklist',
            markdown: 'First step',
          },
          side: (output) => ({
            pages: [String(output.pageId)],
            roles: {
              [String(output.pageId)]: '<page>',
              [String(output.slugId)]: '<slug>',
            },
          }),
        },
        routeRoles: (data) => ({
          [String(data.id)]: '<page>',
          [String(data.slugId)]: '<slug>',
        }),
      };
    },
  },
  {
    tool: 'renamePage',
    effects: [
      'job {general-queue} add-page-watchers',
      'watcher {"page":"<page>","user":"owner"}',
      'ws updateOne',
    ],
    async prepare(context) {
      const { agentPage, routePage } = pages(
        await context.newPage('Rename'),
        await context.newPage('Rename'),
      );
      return {
        route: {
          route: 'pages/update',
          body: { pageId: routePage, title: 'Renamed' },
          side: { pages: [routePage], roles: { [routePage]: '<page>' } },
        },
        agent: {
          tool: 'renamePage',
          input: { pageId: agentPage, title: 'Renamed' },
          side: () => ({
            pages: [agentPage],
            roles: { [agentPage]: '<page>' },
          }),
        },
      };
    },
  },
  {
    tool: 'movePage',
    effects: ['ws moveTreeNode'],
    async prepare(context) {
      const parent = await context.newPage('Parent');
      const { agentPage, routePage } = pages(
        await context.newPage('Move'),
        await context.newPage('Move'),
      );
      return {
        route: {
          route: 'pages/move',
          body: { pageId: routePage, parentPageId: parent, position: 'a5000' },
          side: {
            pages: [routePage],
            roles: { [routePage]: '<page>', [parent]: '<parent>' },
          },
        },
        agent: {
          tool: 'movePage',
          input: { pageId: agentPage, parentPageId: parent },
          side: () => ({
            pages: [agentPage],
            roles: { [agentPage]: '<page>', [parent]: '<parent>' },
          }),
        },
      };
    },
  },
  {
    tool: 'deletePage',
    effects: [
      'audit page.trashed',
      'job {ai-queue} page-soft-deleted',
      'ws deleteTreeNode',
    ],
    async prepare(context) {
      const { agentPage, routePage } = pages(
        await context.newPage('Trash'),
        await context.newPage('Trash'),
      );
      return {
        route: {
          route: 'pages/delete',
          body: { pageId: routePage },
          side: { pages: [routePage], roles: { [routePage]: '<page>' } },
        },
        agent: {
          tool: 'deletePage',
          input: { pageId: agentPage },
          side: () => ({
            pages: [agentPage],
            roles: { [agentPage]: '<page>' },
          }),
        },
      };
    },
  },
  {
    tool: 'sharePage',
    effects: ['audit share.created'],
    async prepare(context) {
      const { agentPage, routePage } = pages(
        await context.newPage('Share'),
        await context.newPage('Share'),
      );
      return {
        route: {
          route: 'shares/create',
          body: { pageId: routePage },
          side: { pages: [routePage], roles: { [routePage]: '<page>' } },
        },
        agent: {
          tool: 'sharePage',
          input: { pageId: agentPage },
          side: (output) => ({
            pages: [agentPage],
            roles: {
              [agentPage]: '<page>',
              [String(output.shareId)]: '<share>',
            },
          }),
        },
        routeRoles: (data) => ({ [String(data.id)]: '<share>' }),
      };
    },
  },
  {
    tool: 'unsharePage',
    effects: ['audit share.deleted'],
    async prepare(context) {
      const { agentPage, routePage } = pages(
        await context.newPage('Unshare'),
        await context.newPage('Unshare'),
      );
      const [agentShare, routeShare] = [
        await context.share(agentPage),
        await context.share(routePage),
      ];
      return {
        route: {
          route: 'shares/delete',
          body: { shareId: routeShare },
          side: {
            pages: [routePage],
            roles: { [routePage]: '<page>', [routeShare]: '<share>' },
          },
        },
        agent: {
          tool: 'unsharePage',
          input: { pageId: agentPage },
          side: () => ({
            pages: [agentPage],
            roles: { [agentPage]: '<page>', [agentShare]: '<share>' },
          }),
        },
      };
    },
  },
];
