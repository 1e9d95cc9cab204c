import type { Insertable, Kysely, Transaction } from 'kysely';
import type { DB, UserRole } from '../../src';
import { extractText } from '../../src';
import { generateApiToken, hashApiToken } from '../auth/api-token';
import { DEMO_COMMENTS } from './demo-comments';
import { LEADERSHIP_PAGES } from './demo-leadership-pages';
import { DEMO_PAGE_HISTORY } from './demo-page-history';
import { PRODUCT_PAGES } from './demo-product-pages';
import {
  DEMO_PAGE_RESTRICTIONS,
  RESTRICTED_PAGES,
} from './demo-restricted-pages';
import type { DemoPage } from './demo-types';
import {
  DEMO_GROUP,
  DEMO_SHARE,
  DEMO_SPACE_MEMBERS,
  DEMO_SPACES,
  DEMO_USERS,
  DEMO_WORKSPACE,
} from './demo-workspace';
import { commentParagraph, doc } from './prosemirror-builders';
import { SEED_IDS } from './seed-ids';

export interface SeedResult {
  readonly workspaceId: string;
  readonly spaces: readonly { readonly id: string; readonly name: string }[];
  readonly pages: readonly {
    readonly id: string;
    readonly title: string;
    readonly spaceId: string;
  }[];
  /** `token` is a fresh bearer token, shown only here; the database keeps its sha256. */
  readonly users: readonly {
    readonly id: string;
    readonly email: string;
    readonly role: UserRole;
    readonly token: string;
  }[];
}

/** `api_tokens.name` of tokens issued by the seed; a rerun revokes the previous ones. */
export const SEED_TOKEN_NAME = 'seed';

/** Every demo page, parents before children. */
export const DEMO_PAGES: readonly DemoPage[] = [
  ...PRODUCT_PAGES,
  ...RESTRICTED_PAGES,
  ...LEADERSHIP_PAGES,
];

const SEED_EPOCH = '2025-03-01T08:00:00.000Z';

interface UpsertOptions {
  /** Columns written on insert but left alone when the row exists (settings an admin may have changed). */
  readonly insertOnly?: readonly string[];
}

/**
 * Inserts rows by their fixed ids, or resets existing ones to the seed's values: a rerun
 * restores the demo content and never duplicates a row.
 */
async function upsertById<T extends keyof DB & string>(
  trx: Transaction<DB>,
  table: T,
  rows: readonly Insertable<DB[T]>[],
  options: UpsertOptions = {},
): Promise<void> {
  if (rows.length === 0) return;
  const updated = Object.keys(rows[0] as object).filter(
    (column) => column !== 'id' && !options.insertOnly?.includes(column),
  );
  // Kysely cannot type a table chosen at run time; the rows were checked against DB[T] above.
  const untyped = trx as unknown as Kysely<any>;
  await untyped
    .insertInto(table as string)
    .values(rows as Record<string, unknown>[])
    .onConflict((conflict) =>
      conflict
        .column('id')
        .doUpdateSet((eb) =>
          Object.fromEntries(
            updated.map((column) => [column, eb.ref(`excluded.${column}`)]),
          ),
        ),
    )
    .execute();
}

const workspaceId = SEED_IDS.workspace;

async function seedPeople(trx: Transaction<DB>): Promise<void> {
  await upsertById(
    trx,
    'workspaces',
    [
      {
        ...DEMO_WORKSPACE,
        logo: null,
        // Docmost's MCP switch on (Workspace settings → AI → MCP): the host serves /mcp.
        settings: { ai: { mcp: true } },
        createdAt: SEED_EPOCH,
        updatedAt: SEED_EPOCH,
        deletedAt: null,
      },
    ],
    {
      insertOnly: ['settings'],
    },
  );
  await upsertById(
    trx,
    'users',
    DEMO_USERS.map((user) => ({
      ...user,
      workspaceId,
      avatarUrl: null,
      createdAt: SEED_EPOCH,
      updatedAt: SEED_EPOCH,
      deletedAt: null,
    })),
  );
  const { memberships, ...group } = DEMO_GROUP;
  await upsertById(trx, 'groups', [
    {
      ...group,
      isDefault: false,
      workspaceId,
      creatorId: SEED_IDS.users.owner,
      createdAt: SEED_EPOCH,
      updatedAt: SEED_EPOCH,
      deletedAt: null,
    },
  ]);
  await upsertById(
    trx,
    'groupUsers',
    memberships.map((membership) => ({
      ...membership,
      groupId: group.id,
      createdAt: SEED_EPOCH,
      updatedAt: SEED_EPOCH,
    })),
  );
  await upsertById(
    trx,
    'spaces',
    DEMO_SPACES.map((space) => ({
      ...space,
      logo: null,
      visibility: 'private',
      defaultRole: 'writer',
      creatorId: SEED_IDS.users.owner,
      workspaceId,
      createdAt: SEED_EPOCH,
      updatedAt: SEED_EPOCH,
      deletedAt: null,
    })),
  );
  await upsertById(
    trx,
    'spaceMembers',
    DEMO_SPACE_MEMBERS.map((member) => ({
      ...member,
      addedById: SEED_IDS.users.owner,
      createdAt: SEED_EPOCH,
      updatedAt: SEED_EPOCH,
      deletedAt: null,
    })),
  );
}

async function seedContent(trx: Transaction<DB>): Promise<void> {
  await upsertById(
    trx,
    'pages',
    DEMO_PAGES.map((page) => ({
      ...page,
      content: page.content as never,
      textContent: extractText(page.content),
      coverPhoto: null,
      // Docmost rebuilds the collaborative document from `content` when `ydoc` is empty.
      ydoc: null,
      workspaceId,
      deletedById: null,
      isLocked: false,
      deletedAt: null,
    })),
  );
  await upsertById(
    trx,
    'comments',
    DEMO_COMMENTS.map((comment) => ({
      id: comment.id,
      content: doc(commentParagraph(comment.body)) as never,
      selection: comment.selection,
      type: comment.parentCommentId === null ? 'inline' : null,
      creatorId: comment.creatorId,
      pageId: comment.pageId,
      parentCommentId: comment.parentCommentId,
      resolvedAt: comment.resolved?.at ?? null,
      resolvedById: comment.resolved?.byId ?? null,
      lastEditedById: null,
      spaceId: spaceOf(comment.pageId),
      workspaceId,
      createdAt: comment.createdAt,
      updatedAt: comment.resolved?.at ?? comment.createdAt,
      editedAt: null,
      deletedAt: null,
      createdSource: 'user',
      aiChatId: null,
    })),
  );
  await upsertById(
    trx,
    'pageHistory',
    DEMO_PAGE_HISTORY.map((version) => {
      const page = pageById(version.pageId);
      return {
        ...version,
        content: version.content as never,
        slugId: page.slugId,
        slug: null,
        icon: page.icon,
        coverPhoto: null,
        spaceId: page.spaceId,
        workspaceId,
        updatedAt: version.createdAt,
      };
    }),
  );
  await upsertById(trx, 'shares', [
    {
      ...DEMO_SHARE,
      searchIndexing: false,
      workspaceId,
      updatedAt: DEMO_SHARE.createdAt,
      deletedAt: null,
    },
  ]);
  await seedPageRestrictions(trx);
}

/**
 * Docmost's page-level permissions on the restricted demo pages. A rerun also drops grants a
 * test or an admin added to these restrictions, so the demo's access rules are always the seed's.
 */
async function seedPageRestrictions(trx: Transaction<DB>): Promise<void> {
  await upsertById(
    trx,
    'pageAccess',
    DEMO_PAGE_RESTRICTIONS.map((restriction) => ({
      id: restriction.id,
      pageId: restriction.pageId,
      workspaceId,
      spaceId: spaceOf(restriction.pageId),
      accessLevel: 'restricted',
      creatorId: SEED_IDS.users.owner,
      createdAt: SEED_EPOCH,
      updatedAt: SEED_EPOCH,
    })),
  );
  const grants = DEMO_PAGE_RESTRICTIONS.flatMap((restriction) =>
    restriction.grants.map((grant) => ({
      ...grant,
      pageAccessId: restriction.id,
      addedById: SEED_IDS.users.owner,
      createdAt: SEED_EPOCH,
      updatedAt: SEED_EPOCH,
    })),
  );
  await trx
    .deleteFrom('pagePermissions')
    .where(
      'pageAccessId',
      'in',
      DEMO_PAGE_RESTRICTIONS.map((restriction) => restriction.id),
    )
    .where(
      'id',
      'not in',
      grants.map((grant) => grant.id),
    )
    .execute();
  await upsertById(trx, 'pagePermissions', grants);
}

function pageById(pageId: string): DemoPage {
  const page = DEMO_PAGES.find((candidate) => candidate.id === pageId);
  if (!page) throw new Error(`demo page ${pageId} is not defined`);
  return page;
}

function spaceOf(pageId: string): string {
  return pageById(pageId).spaceId;
}

/** Revokes the previous seed tokens of each user and issues new ones; returns the plaintexts. */
async function issueTokens(
  trx: Transaction<DB>,
): Promise<ReadonlyMap<string, string>> {
  const tokens = new Map<string, string>();
  const now = new Date();
  for (const user of DEMO_USERS) {
    await trx
      .updateTable('apiTokens')
      .set({ revokedAt: now })
      .where('userId', '=', user.id)
      .where('name', '=', SEED_TOKEN_NAME)
      .where('revokedAt', 'is', null)
      .execute();
    const token = generateApiToken();
    await trx
      .insertInto('apiTokens')
      .values({
        userId: user.id,
        workspaceId,
        name: SEED_TOKEN_NAME,
        tokenHash: hashApiToken(token),
        createdAt: now,
      })
      .execute();
    tokens.set(user.id, token);
  }
  return tokens;
}

/**
 * Creates (or restores) the demo workspace "Acme": three users, two spaces, a page tree with
 * realistic content, comment threads, page history, a public share and restricted pages. Idempotent: fixed ids
 * and upserts, so a rerun resets the demo rows and adds none. Workspace settings are kept.
 * Each run issues a new API token per user and revokes the ones the previous run issued.
 */
export async function seedDemoWorkspace(db: Kysely<DB>): Promise<SeedResult> {
  const tokens = await db.transaction().execute(async (trx) => {
    await seedPeople(trx);
    await seedContent(trx);
    return issueTokens(trx);
  });
  return {
    workspaceId,
    spaces: DEMO_SPACES.map(({ id, name }) => ({ id, name })),
    pages: DEMO_PAGES.map(({ id, title, spaceId }) => ({ id, title, spaceId })),
    users: DEMO_USERS.map(({ id, email, role }) => ({
      id,
      email,
      role,
      token: tokens.get(id)!,
    })),
  };
}
