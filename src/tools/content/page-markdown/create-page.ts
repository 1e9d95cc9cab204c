import type { Kysely } from 'kysely';
import type { DB } from '../../../database';
import type { ToolCallContext } from '../../../registry/tool-call-context';
import { abbreviate } from '../../../registry/abbreviate';
import { ToolError } from '../../../registry/tool-error';
import type { ToolInput } from '../../../registry/tool-spec';
import {
  requirePage,
  requireSpace,
  type AccessiblePage,
} from '../../../access';
import { refuseUnstorableText } from '../../page-store';
import {
  generateKeyBetween,
  isValidOrderKey,
} from '../../page-management/fractional-index';
import { lockSpaceTree } from '../../page-management/page-tree';
import type { CreatePageTool } from './markdown-tools';
import { readMarkdownOffThread } from './read-markdown-off-thread';
import { generateSlugId } from './slug-id';
import type { ToolExecutorDependencies } from '../../executor-dependencies';
import { quoteTitle } from '../../quote-title';

export interface CreatePageResult {
  readonly pageId: string;
  readonly slugId: string;
  readonly title: string;
  readonly spaceId: string;
  readonly parentPageId: string | null;
  /** Where the web app shows it: `/s/<space slug>/p/<slugId>`. */
  readonly path: string;
  /** Sidebar position key, after every sibling. */
  readonly position: string;
  /** Pass as `baseVersion` to a later full write. */
  readonly version: string;
  readonly blocks: number;
}

/** Tries before giving up on finding an unused slugId; each collision has odds of about 1 in 8e17. */
const SLUG_ATTEMPTS = 5;

/**
 * The parent page, checked to be alive, in the space the page is created in, and editable by the
 * caller: a page under a restricted parent inherits its restriction, so it takes the parent's edit right.
 */
async function requireParent(
  db: Kysely<DB>,
  context: ToolCallContext,
  parentPageId: string,
  spaceId: string,
): Promise<AccessiblePage> {
  const parent = await requirePage(db, context, parentPageId, {
    includeDeleted: true,
    write: true,
  });
  if (parent.deletedAt !== null) {
    throw new ToolError(
      'invalid_input',
      `parent page ${quoteTitle(parent.title)} (${parent.id}) is in the trash; restore it first, choose another parent, or omit parentPageId to create the page at the space root. Nothing was created.`,
    );
  }
  if (parent.spaceId !== spaceId) {
    throw new ToolError(
      'invalid_input',
      `parent page ${quoteTitle(parent.title)} (${parent.id}) is in space ${parent.spaceId}, not in space ${abbreviate(spaceId)}; pass the parent's spaceId or choose a parent in space ${abbreviate(spaceId)}. Nothing was created.`,
    );
  }
  return parent;
}

/** A position key after every page at that level, trashed ones included (they may come back). */
async function positionAfterSiblings(
  db: Kysely<DB>,
  spaceId: string,
  parentPageId: string | null,
): Promise<string> {
  const rows = await db
    .selectFrom('pages')
    .select('position')
    .where('spaceId', '=', spaceId)
    .where((eb) =>
      parentPageId === null
        ? eb('parentPageId', 'is', null)
        : eb('parentPageId', '=', parentPageId),
    )
    .execute();
  // Byte-wise, as Docmost compares positions (collate "C"); keys it cannot read are skipped.
  const keys = rows.flatMap((row) =>
    row.position !== null && isValidOrderKey(row.position)
      ? [row.position]
      : [],
  );
  const last = keys.reduce<string | null>(
    (max, key) => (max === null || key > max ? key : max),
    null,
  );
  return generateKeyBetween(last, null);
}

/**
 * Creates a page with Markdown content at the end of its level in the sidebar, with a fresh
 * unique slugId and a first history version, in one transaction: bad input creates nothing.
 */
export async function createPage(
  { db, heavyWork, pageWriter }: ToolExecutorDependencies,
  input: ToolInput<CreatePageTool>,
  context: ToolCallContext,
): Promise<CreatePageResult> {
  // Access first, so a caller without it gets that answer and costs no conversion; then the
  // Markdown, read outside the transaction: a long document converts in a worker for up to its
  // deadline, and no connection (nor the space tree's lock) is held meanwhile.
  const checkedSpace = await requireSpace(db, context, input.spaceId, {
    write: true,
  });
  if (input.parentPageId !== undefined)
    await requireParent(db, context, input.parentPageId, checkedSpace.id);
  refuseUnstorableText(input.title, 'title');
  const { content } = await readMarkdownOffThread(
    input.markdown ?? '',
    heavyWork,
    context.userId,
  );
  return db.transaction().execute(async (trx) => {
    // Checked again inside: access or the parent may have changed while the Markdown converted.
    const space = await requireSpace(trx, context, input.spaceId, {
      write: true,
    });
    // Serialises creations and moves in this space, so two pages never get the same position,
    // and taken before the parent is read: a move of the parent to another space cannot commit
    // between that check and the insert.
    await lockSpaceTree(trx, [space.id]);
    const parent =
      input.parentPageId === undefined
        ? undefined
        : await requireParent(trx, context, input.parentPageId, space.id);
    const parentPageId = parent?.id ?? null;
    const position = await positionAfterSiblings(trx, space.id, parentPageId);
    for (let attempt = 0; attempt < SLUG_ATTEMPTS; attempt++) {
      // The page and its first history version, with the agent's provenance, by the page writer.
      const created = await pageWriter.createPage({
        db: trx,
        context,
        page: {
          slugId: generateSlugId(),
          title: input.title,
          position,
          content,
          parentPageId,
          spaceId: space.id,
          workspaceId: space.workspaceId,
        },
        toolName: 'createPage',
      });
      if (!created) continue;
      return {
        pageId: created.id,
        slugId: created.slugId,
        title: input.title,
        spaceId: space.id,
        parentPageId,
        path: `/s/${space.slug}/p/${created.slugId}`,
        position,
        version: created.version,
        blocks: content.content?.length ?? 0,
      };
    }
    throw new ToolError(
      'internal',
      `could not find an unused slugId after ${SLUG_ATTEMPTS} attempts; nothing was created, try again`,
    );
  });
}
