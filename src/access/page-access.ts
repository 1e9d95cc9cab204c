import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { DB, Page } from '../database';
import { abbreviate, isUuid, ToolError } from '../ground';
import {
  pageAccessOf,
  type AccessCaller,
  type PagePermission,
} from './page-access-policy';
import { admitLargeDocument, largeDocumentThreshold } from '../workers';
import { findSpaceRole, WRITER_ROLES } from './space-access';

/**
 * A page as executors load it, with `version`: its `updated_at` as exact text for compare-and-set,
 * and `canEdit`: whether the caller may change it (page restriction, else space role).
 */
export type AccessiblePage = Page & {
  readonly version: string;
  readonly spaceRole: string;
  readonly canEdit: boolean;
  /**
   * A page restriction applies to it (on the page or an ancestor): Docmost does not make such a
   * page public (its share route answers "Cannot share a restricted page").
   */
  readonly restricted: boolean;
  /**
   * Set only when asked (`largeDocumentAsText`) and the document is large: its JSON text, for a
   * worker to parse; `content` is null then.
   */
  readonly documentText?: string;
};

export interface FindPageOptions {
  /** Require a role that may change the page. Default false. */
  readonly write?: boolean;
  /** Also find pages in the trash (soft-deleted). Default false. */
  readonly includeDeleted?: boolean;
  /**
   * Load the document (`content`, `text_content`, `ydoc`). Default true. A caller that reads the
   * document another way (as JSON text for a worker) passes false: the driver then never parses
   * a multi-megabyte document on the event loop only for it to go unused. The fields are null.
   */
  readonly content?: boolean;
  /**
   * A large document (see `HeavyWorkOptions.largeDocumentChars`) comes back as its JSON text in
   * `documentText`, with `content` null, for a tool that hands it to a worker instead of parsing
   * it on the event loop. Default false.
   */
  readonly largeDocumentAsText?: boolean;
}

/**
 * What a page the caller may not see answers, after its reference: the same words whether it
 * does not exist, is in the trash or is hidden by a space or page permission, so ids cannot be
 * probed, and the way on, as the other not-found errors give one.
 */
export const PAGE_NOT_FOUND =
  'not found or no access: it does not exist, is in the trash, or you may not see it; searchPages finds the pages you can see';

/** Every column but the document's, which can run to megabytes. */
const PAGE_COLUMNS_WITHOUT_DOCUMENT = [
  'id',
  'slugId',
  'title',
  'icon',
  'coverPhoto',
  'position',
  'parentPageId',
  'creatorId',
  'lastUpdatedById',
  'deletedById',
  'spaceId',
  'workspaceId',
  'isLocked',
  'createdAt',
  'updatedAt',
  'deletedAt',
  'contributorIds',
  'lastUpdatedSource',
  'lastUpdatedAiChatId',
  'isTemplate',
] as const satisfies ReadonlyArray<
  Exclude<keyof Page, 'content' | 'textContent' | 'ydoc' | 'tsv'>
>;

/** A page's row as `pageQuery` selects it: its version, and its document's size when measured. */
type PageQuery = SelectQueryBuilder<
  DB,
  'pages',
  Page & {
    version: string;
    contentChars: number | null;
    storedBytes: number | null;
  }
>;

function pageQuery(
  db: Kysely<DB>,
  pageIdOrSlugId: string,
  withContent: boolean,
  largeFrom: number | undefined,
): PageQuery {
  // The document comes as JSON text, parsed by requirePage: as jsonb, a host's CamelCasePlugin
  // (Docmost's Kysely has one) walks every nested object of it to rename keys, about 125 ms of
  // the event loop per read of a 6 MB page, five times the parse. Never the document's shadows:
  // `text_content`, `ydoc` (the Yjs state, as large as the document) and `tsv` are Docmost's and
  // no tool reads them.
  //
  // Inside a tool call (`largeFrom` set) a large document is left out, only its size comes, and
  // it is fetched once the call is admitted. Measuring a document's JSON costs the database a
  // serialisation of it, which for a multi-megabyte page under a burst of calls was what kept
  // everyone else waiting: a document stored in an eighth of the threshold or more (compressed)
  // counts as large unmeasured; the others, small by then, are measured. Outside a tool call
  // nothing is measured.
  const storedLarge =
    largeFrom === undefined ? undefined : Math.ceil(largeFrom / 8);
  const contentChars =
    storedLarge === undefined
      ? sql<number | null>`null`
      : sql<
          number | null
        >`case when pg_column_size(pages.content) >= ${storedLarge} then null else length(pages.content::text) end`;
  const storedBytes =
    storedLarge === undefined
      ? sql<number | null>`null`
      : sql<number | null>`pg_column_size(pages.content)`;
  const content = !withContent
    ? sql<null>`null`
    : largeFrom === undefined
      ? sql<string>`pages.content::text`
      : sql<
          string | null
        >`case when pg_column_size(pages.content) >= ${storedLarge} then null when length(pages.content::text) < ${largeFrom} then pages.content::text end`;
  const query = db
    .selectFrom('pages')
    .select(
      PAGE_COLUMNS_WITHOUT_DOCUMENT.map((column) => `pages.${column}` as const),
    )
    .select([
      content.as('content'),
      (withContent ? contentChars : sql<number | null>`null`).as(
        'contentChars',
      ),
      (withContent ? storedBytes : sql<number | null>`null`).as('storedBytes'),
      sql<null>`null`.as('textContent'),
      sql<null>`null`.as('ydoc'),
      sql<null>`null`.as('tsv'),
      sql<string>`pages.updated_at::text`.as('version'),
    ]) as PageQuery;
  return isUuid(pageIdOrSlugId)
    ? query.where('pages.id', '=', pageIdOrSlugId)
    : query.where('pages.slugId', '=', pageIdOrSlugId);
}

/** A large document and its version, fetched after the call was admitted. */
async function largeContent(
  db: Kysely<DB>,
  pageId: string,
): Promise<{ content: string | null; version: string } | undefined> {
  return db
    .selectFrom('pages')
    .select([
      sql<string | null>`pages.content::text`.as('content'),
      sql<string>`pages.updated_at::text`.as('version'),
    ])
    .where('pages.id', '=', pageId)
    .executeTakeFirst();
}

function withoutSize<
  Row extends { contentChars: number | null; storedBytes: number | null },
>(row: Row): Omit<Row, 'contentChars' | 'storedBytes'> {
  const { contentChars: _chars, storedBytes: _stored, ...page } = row;
  return page;
}

/** The document pageQuery read as JSON text (or null), parsed. */
function parsedContent(content: unknown): Page['content'] {
  return typeof content === 'string'
    ? (JSON.parse(content) as Page['content'])
    : (content as Page['content']);
}

/** The policy's decision on one page: its own for a single page when it has one (a host's). */
async function pagePermission(
  db: Kysely<DB>,
  context: AccessCaller,
  page: Page,
): Promise<PagePermission | undefined> {
  const policy = pageAccessOf(context);
  if (policy.pagePermission)
    return policy.pagePermission(db, context, rowWithoutDocument(page));
  return (await policy.pagePermissions(db, context, [page.id])).get(page.id);
}

/**
 * The row as Docmost's `PageRepo.findById` returns it (no document): without the package's
 * `version`, and without the document, which may still be unparsed text here.
 */
function rowWithoutDocument(page: Page & { version?: string }): Page {
  const { version: _version, ...row } = page;
  return { ...row, content: null };
}

/**
 * Loads a page the caller may see: same workspace, member of its space, and allowed by the
 * page-level permissions of the page and its ancestors. A page that does not exist and a page
 * the caller may not see get the same answer, so ids cannot be probed. Accepts the page's uuid
 * or its slugId (what Docmost shows in URLs). With `write`, a restricted page needs role
 * `writer` on its nearest restriction; an unrestricted one needs space role writer or admin.
 */
export async function requirePage(
  db: Kysely<DB>,
  context: AccessCaller,
  pageIdOrSlugId: string,
  options: FindPageOptions = {},
): Promise<AccessiblePage> {
  // No id holds U+0000, and PostgreSQL rejects the character in a query parameter.
  const withContent = options.content ?? true;
  const row = pageIdOrSlugId.includes('\u0000')
    ? undefined
    : await pageQuery(db, pageIdOrSlugId, withContent, largeDocumentThreshold())
        .where('pages.workspaceId', '=', context.workspaceId)
        .executeTakeFirst();
  const page = row && withoutSize(row);
  const visible = page && (options.includeDeleted || page.deletedAt === null);
  const role = visible
    ? await findSpaceRole(db, context, page.spaceId)
    : undefined;
  const permission =
    page && role ? await pagePermission(db, context, page) : undefined;
  if (!page || !visible || !role || !permission?.canView) {
    throw new ToolError(
      'not_found',
      `page ${abbreviate(pageIdOrSlugId)} ${PAGE_NOT_FOUND}`,
    );
  }
  const canEdit =
    permission.canEdit ?? (WRITER_ROLES as readonly string[]).includes(role);
  const restricted = permission.restricted ?? permission.canEdit !== undefined;
  if (options.write && !canEdit) {
    throw new ToolError(
      'forbidden',
      !restricted
        ? `you have read-only access (role "${role}") to page ${abbreviate(pageIdOrSlugId)}; editing needs role writer or admin in its space`
        : `you have read-only access to page ${abbreviate(pageIdOrSlugId)}: it is restricted, and editing needs role writer in the page permissions of it or of its nearest restricted parent`,
    );
  }
  // Only now that the caller may see it: a refusal as busy must not tell a hidden page exists.
  // Unmeasured (null) only when stored large: then it is admitted as large by its stored size.
  const size =
    row.contentChars === null && row.storedBytes !== null
      ? { storedBytes: row.storedBytes }
      : { chars: row.contentChars ?? 0 };
  await admitLargeDocument(size, page.id);
  const large =
    withContent && page.content === null && row.storedBytes !== null
      ? await largeContent(db, page.id)
      : undefined;
  if (large && options.largeDocumentAsText && large.content !== null)
    return {
      ...page,
      version: large.version,
      content: null,
      documentText: large.content,
      spaceRole: role,
      canEdit,
      restricted,
    };
  return {
    ...page,
    ...(large && { version: large.version }),
    content: parsedContent(large ? large.content : page.content),
    spaceRole: role,
    canEdit,
    restricted,
  };
}

/**
 * Refuses to move a page for a caller who is only a reader in its space, whatever the page's own
 * permissions say: Docmost's move routes ask the space role (its space ability) as well as the
 * page. `page` was loaded with `write`.
 */
export function requireSpaceRoleToMove(page: AccessiblePage): void {
  if ((WRITER_ROLES as readonly string[]).includes(page.spaceRole)) return;
  throw new ToolError(
    'forbidden',
    `page ${page.id} cannot be moved: you have role "${page.spaceRole}" in its space, and moving a page needs role writer or admin in the space, even where the page itself lets you edit it; nothing was changed.`,
  );
}

/**
 * Refuses to change a page's whole subtree (trashing it, moving it to another space, which drops
 * its restrictions) unless the caller may edit every page in it: otherwise a member could trash
 * or unrestrict pages that are hidden from them. `page` was loaded with `write`. One call to the
 * policy for the whole subtree. The refusal names no hidden page.
 */
export async function requireEditableSubtree(
  db: Kysely<DB>,
  context: AccessCaller,
  page: AccessiblePage,
  descendantIds: readonly string[],
  action: string,
): Promise<void> {
  const permissions = await pageAccessOf(context).pagePermissions(
    db,
    context,
    descendantIds,
  );
  const spaceAllowsEdit = (WRITER_ROLES as readonly string[]).includes(
    page.spaceRole,
  );
  const blocked = descendantIds.filter((id) => {
    const permission = permissions.get(id);
    return !permission?.canView || !(permission.canEdit ?? spaceAllowsEdit);
  });
  if (blocked.length > 0) {
    throw new ToolError(
      'forbidden',
      `page ${page.id} cannot be ${action}: ${blocked.length} of its ${descendantIds.length} sub-pages are restricted and you may not edit them; nothing was changed. Ask someone who may edit those sub-pages to do it.`,
    );
  }
}

/**
 * The page-level visibility condition for a query over `pages` (or an alias of it): listings,
 * search and the sidebar filter inside their own query, so limits, counts and cursors only ever
 * see pages the caller may read.
 */
export function visiblePages(context: AccessCaller, table = 'pages') {
  return pageAccessOf(context).visiblePage(context, {
    id: sql.ref(`${table}.id`),
    spaceId: sql.ref(`${table}.spaceId`),
  });
}
