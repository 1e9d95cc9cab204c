import type { Role } from './docmost-people';

/**
 * The permission table: five people, three kinds of page, three actions, commenting once with
 * the space's `allowViewerComments` off and once on. Each outcome is asked of Docmost's route
 * and of the agent in Docmost's chat; both must say the same, and what they say is Docmost's
 * rule as written below (so a table where everything is allowed, or everything refused, fails).
 */
export type PageKind = 'open' | 'restricted' | 'child';
export type Action = 'view' | 'edit' | 'comment';
export type Outcome = 'allowed' | 'refused';

export const PAGE_KINDS: readonly PageKind[] = ['open', 'restricted', 'child'];

/**
 * The restricted page's grants: the owner and the admin write, the member reads, the viewer
 * (a space reader) has no permission; its child has no restriction of its own.
 */
export const RESTRICTED_GRANTS: Readonly<
  Partial<Record<Role, 'writer' | 'reader'>>
> = {
  owner: 'writer',
  admin: 'writer',
  member: 'reader',
};

/** Who may see each kind of page: the space's people on the open page, the granted ones below it. */
const VIEW: Readonly<Record<PageKind, readonly Role[]>> = {
  open: ['owner', 'admin', 'member', 'viewer'],
  restricted: ['owner', 'admin', 'member'],
  child: ['owner', 'admin', 'member'],
};

/** Who may edit: space writers on the open page, page writers of the nearest restriction below it. */
const EDIT: Readonly<Record<PageKind, readonly Role[]>> = {
  open: ['owner', 'admin', 'member'],
  restricted: ['owner', 'admin'],
  child: ['owner', 'admin'],
};

/** Docmost's rule: commenting needs edit rights, or view rights where the space lets viewers comment. */
export function expectedOutcome(
  role: Role,
  kind: PageKind,
  action: Action,
  allowViewerComments: boolean,
): Outcome {
  const may =
    action === 'view'
      ? VIEW[kind]
      : action === 'edit'
        ? EDIT[kind]
        : allowViewerComments
          ? VIEW[kind]
          : EDIT[kind];
  return may.includes(role) ? 'allowed' : 'refused';
}

/** The route and the tool of each action, with their bodies. */
export function actionCalls(
  action: Action,
  pageId: string,
  title: string,
): {
  readonly route: string;
  readonly body: unknown;
  readonly tool: string;
  readonly input: unknown;
} {
  switch (action) {
    case 'view':
      return {
        route: 'pages/info',
        body: { pageId },
        tool: 'getOutline',
        input: { pageId },
      };
    case 'edit':
      return {
        route: 'pages/update',
        body: { pageId, title: `${title} (by hand)` },
        tool: 'renamePage',
        input: { pageId, title: `${title} (by the agent)` },
      };
    case 'comment':
      return {
        route: 'comments/create',
        body: {
          pageId,
          selection: 'The text of',
          type: 'inline',
          content: JSON.stringify({
            type: 'doc',
            content: [
              {
                type: 'paragraph',
                content: [{ type: 'text', text: 'A remark' }],
              },
            ],
          }),
        },
        tool: 'createComment',
        input: { pageId, selection: 'The text of', content: 'A remark' },
      };
  }
}
