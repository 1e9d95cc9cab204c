import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../src/database';
import {
  commentParagraph,
  commented,
  doc,
  heading,
  paragraph,
  table,
  tableCell,
  tableHeader,
  tableRow,
} from '../../../host/seed/prosemirror-builders';
import { SEED_IDS } from '../../../host/seed/seed-ids';
import { extractText } from '../../../src/document';

/**
 * Pages made for the permission table: each has everything a tool may address (blocks, a table,
 * a comment thread anchored in the text, two history versions, optionally a public share) and a
 * made-up word of its own, so a listing or search that leaks the page can be caught by that word.
 */

/** The intro paragraph's block id; the same in every target page (ids are unique per page). */
export const INTRO_BLOCK_ID = 'introparagra';
export const HEADING_BLOCK_ID = 'titleheading';
/** Anchored text of the page's comment thread. */
export const ANCHORED_TEXT = 'confidential';

export interface TargetPage {
  readonly pageId: string;
  readonly slugId: string;
  readonly title: string;
  /** A word found nowhere else in the database. */
  readonly secret: string;
  readonly commentId: string;
  /** When the comment was made: one second after the previous target page's. */
  readonly commentCreatedAt: string;
  /** Two saved versions, oldest first. */
  readonly historyIds: readonly [string, string];
}

let created = 0;

function slugId(): string {
  const alphabet =
    'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(
    { length: 10 },
    () => alphabet[Math.floor(Math.random() * alphabet.length)],
  ).join('');
}

function secretWord(): string {
  created++;
  const letters = 'bcdfghjklmnpqrstvwxz';
  const random = Array.from(
    { length: 8 },
    () => letters[Math.floor(Math.random() * letters.length)],
  ).join('');
  return `quorv${random}${created}`;
}

export interface TargetPageOptions {
  readonly parentPageId?: string | null;
  /** Give the page a public share (for unsharePage and listShares). */
  readonly shared?: boolean;
}

/** A page in the Product space, created by the owner, unrestricted until `restrictPage`. */
export async function createTargetPage(
  db: Kysely<DB>,
  options: TargetPageOptions = {},
): Promise<TargetPage> {
  const secret = secretWord();
  const pageId = randomUUID();
  const commentId = randomUUID();
  const title = `Plan ${secret}`;
  const commentCreatedAt = new Date(
    Date.parse('2025-06-01T09:00:00.000Z') + created * 1000,
  ).toISOString();
  const content = doc(
    heading(1, HEADING_BLOCK_ID, title),
    paragraph(
      INTRO_BLOCK_ID,
      `The ${secret} figures are `,
      commented(ANCHORED_TEXT, commentId),
      ' until launch.',
    ),
    table(
      tableRow(
        tableHeader(paragraph('headerplanab', 'Plan')),
        tableHeader(paragraph('headerpricea', 'Price')),
      ),
      tableRow(
        tableCell(paragraph('starterplana', 'Starter')),
        tableCell(paragraph('starterprice', '$8')),
      ),
      tableRow(
        tableCell(paragraph('teamplanabcd', 'Team')),
        tableCell(paragraph('teampriceabc', '$20')),
      ),
    ),
  );
  const common = {
    spaceId: SEED_IDS.spaces.product,
    workspaceId: SEED_IDS.workspace,
  };
  const page = {
    ...common,
    id: pageId,
    slugId: slugId(),
    title,
    icon: null,
    position: null,
    parentPageId: options.parentPageId ?? null,
  };
  await db
    .insertInto('pages')
    .values({
      ...page,
      content: content as never,
      textContent: extractText(content),
      creatorId: SEED_IDS.users.owner,
      lastUpdatedById: SEED_IDS.users.owner,
    })
    .execute();
  await db
    .insertInto('comments')
    .values({
      ...common,
      id: commentId,
      pageId,
      content: doc(commentParagraph('Check these numbers.')) as never,
      selection: ANCHORED_TEXT,
      type: 'inline',
      creatorId: SEED_IDS.users.owner,
      createdAt: commentCreatedAt,
    })
    .execute();
  const historyIds = [randomUUID(), randomUUID()] as const;
  const draft = doc(
    heading(1, HEADING_BLOCK_ID, title),
    paragraph(INTRO_BLOCK_ID, `Draft of the ${secret} figures.`),
  );
  await db
    .insertInto('pageHistory')
    .values([
      {
        ...common,
        id: historyIds[0],
        pageId,
        slugId: page.slugId,
        title,
        content: draft as never,
        lastUpdatedById: SEED_IDS.users.owner,
        createdAt: '2025-05-01T09:00:00.000Z',
      },
      {
        ...common,
        id: historyIds[1],
        pageId,
        slugId: page.slugId,
        title,
        content: content as never,
        lastUpdatedById: SEED_IDS.users.owner,
        createdAt: '2025-05-02T09:00:00.000Z',
      },
    ])
    .execute();
  if (options.shared) {
    await db
      .insertInto('shares')
      .values({
        ...common,
        key: slugId().toLowerCase() + slugId().toLowerCase().slice(0, 6),
        pageId,
        includeSubPages: false,
        creatorId: SEED_IDS.users.owner,
      })
      .execute();
  }
  return {
    pageId,
    slugId: page.slugId,
    title,
    secret,
    commentId,
    commentCreatedAt,
    historyIds,
  };
}

/** One grant of a restriction: to a user or to a group, as `reader` or `writer`. */
export type Grant = { readonly role: 'reader' | 'writer' } & (
  { readonly userId: string } | { readonly groupId: string }
);

/**
 * Restricts a page as Docmost does (a `page_access` row) and grants it; the owner always gets
 * `writer`, so every restricted page has someone who sees it. Returns the grants' row ids in order.
 */
export async function restrictPage(
  db: Kysely<DB>,
  pageId: string,
  grants: readonly Grant[] = [],
): Promise<string[]> {
  const accessId = randomUUID();
  await db
    .insertInto('pageAccess')
    .values({
      id: accessId,
      pageId,
      spaceId: SEED_IDS.spaces.product,
      workspaceId: SEED_IDS.workspace,
      accessLevel: 'restricted',
      creatorId: SEED_IDS.users.owner,
    })
    .execute();
  const rows = [
    { userId: SEED_IDS.users.owner, role: 'writer' } as Grant,
    ...grants,
  ].map((grant) => ({
    id: randomUUID(),
    pageAccessId: accessId,
    userId: 'userId' in grant ? grant.userId : null,
    groupId: 'groupId' in grant ? grant.groupId : null,
    role: grant.role,
    addedById: SEED_IDS.users.owner,
  }));
  await db.insertInto('pagePermissions').values(rows).execute();
  return rows.slice(1).map((row) => row.id);
}

/**
 * Everything a write could change about a page, as stored: the row, its comments, shares,
 * children and history. Equal before and after a call means the call changed nothing.
 */
export async function footprint(
  db: Kysely<DB>,
  pageId: string,
): Promise<unknown> {
  const page = await db
    .selectFrom('pages')
    .select(['title', 'content', 'parentPageId', 'spaceId', 'deletedAt'])
    .select(sql<string>`updated_at::text`.as('version'))
    .where('id', '=', pageId)
    .executeTakeFirst();
  const comments = await db
    .selectFrom('comments')
    .select(['id', 'resolvedAt', 'deletedAt'])
    .where('pageId', '=', pageId)
    .orderBy('id')
    .execute();
  const shares = await db
    .selectFrom('shares')
    .select(['id', 'deletedAt'])
    .where('pageId', '=', pageId)
    .orderBy('id')
    .execute();
  const children = await db
    .selectFrom('pages')
    .select('id')
    .where('parentPageId', '=', pageId)
    .orderBy('id')
    .execute();
  const history = await db
    .selectFrom('pageHistory')
    .select('id')
    .where('pageId', '=', pageId)
    .orderBy('id')
    .execute();
  return JSON.parse(
    JSON.stringify({ page, comments, shares, children, history }),
  );
}
