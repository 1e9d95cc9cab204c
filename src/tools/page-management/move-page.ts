import { sql, type Kysely } from 'kysely';
import type { DB } from '../../database';
import type { ToolCallContext } from '../../registry/tool-call-context';
import { abbreviate } from '../../ground';
import { ToolError } from '../../registry/tool-error';
import type { ToolInput } from '../../registry/tool-spec';
import {
  requireEditableSubtree,
  requirePage,
  requireSpace,
  requireSpaceRoleToMove,
  visiblePages,
  type AccessiblePage,
} from '../../access';
import { isUuid } from '../../ground';
import type { movePageTool } from './page-management.tools';
import {
  generateKeyBetween,
  isValidOrderKey,
} from '../../page-store/fractional-index';
import { ancestorChain, descendantPageIds } from '../../page-store/page-tree';
import { serviceCaller } from '../../docmost-services';
import type { ToolExecutorDependencies } from '../executor-dependencies';
import { quoteTitle } from '../../page-store/quote-title';

export interface MovePageResult {
  readonly pageId: string;
  readonly title: string | null;
  readonly parentPageId: string | null;
  readonly spaceId: string;
  readonly position: string;
  /** Sub-pages that moved along (they keep their place under the page). */
  readonly movedSubPages: number;
  /** Page-level restrictions removed by a move to another space (Docmost drops them too). */
  readonly droppedRestrictions: number;
}

interface Sibling {
  readonly id: string;
  readonly slugId: string;
  readonly title: string | null;
  readonly position: string | null;
  /**
   * Whether the caller may see it. Hidden siblings still order the level (positions are
   * computed among all of them) but are never named, nor accepted as `afterPageId`.
   */
  readonly visible: boolean;
}

/** Refuses a parent that is the page itself or lies below it. */
async function assertNoCycle(
  db: Kysely<DB>,
  page: AccessiblePage,
  parent: AccessiblePage,
): Promise<void> {
  if (parent.id === page.id) {
    throw new ToolError(
      'invalid_input',
      `cannot move page ${quoteTitle(page.title)} under itself; choose another parent or null for the space root`,
    );
  }
  const chain = await ancestorChain(db, parent.id);
  const index = chain.findIndex((ancestor) => ancestor.id === page.id);
  if (index !== -1) {
    const path = chain
      .slice(0, index + 1)
      .reverse()
      .map((ancestor) => quoteTitle(ancestor.title))
      .join(' > ');
    throw new ToolError(
      'invalid_input',
      `cannot move page ${quoteTitle(page.title)} under ${quoteTitle(parent.title)}: that page is inside it (${path}), which would make a cycle; move ${quoteTitle(parent.title)} out first or choose another parent`,
    );
  }
}

async function siblingsOf(
  db: Kysely<DB>,
  context: ToolCallContext,
  spaceId: string,
  parentPageId: string | null,
  excludeId: string,
): Promise<Sibling[]> {
  const rows = await db
    .selectFrom('pages')
    .select(['id', 'slugId', 'title', 'position'])
    .select(
      sql<boolean>`coalesce(${visiblePages(context)}, false)`.as('visible'),
    )
    .where('spaceId', '=', spaceId)
    .where('deletedAt', 'is', null)
    .where('id', '!=', excludeId)
    .where((eb) =>
      parentPageId === null
        ? eb('parentPageId', 'is', null)
        : eb('parentPageId', '=', parentPageId),
    )
    .execute();
  // Byte-wise, as Docmost sorts positions (collate "C"); keys it cannot read go last.
  return rows.sort((a, b) => {
    const keyA =
      a.position !== null && isValidOrderKey(a.position)
        ? a.position
        : '\uffff';
    const keyB =
      b.position !== null && isValidOrderKey(b.position)
        ? b.position
        : '\uffff';
    return keyA < keyB ? -1 : keyA > keyB ? 1 : a.id < b.id ? -1 : 1;
  });
}

function validKey(sibling: Sibling | undefined): string | null {
  return sibling?.position !== undefined &&
    sibling.position !== null &&
    isValidOrderKey(sibling.position)
    ? sibling.position
    : null;
}

/** Sibling pages an error names when afterPageId is not among them. */
const LISTED_SIBLINGS = 20;

/** A position key for the page among `siblings` (sorted), as the tool's input asks. */
function choosePosition(
  siblings: readonly Sibling[],
  input: ToolInput<typeof movePageTool>,
  where: string,
): string {
  const valid = siblings.filter((sibling) => validKey(sibling) !== null);
  const last = validKey(valid[valid.length - 1]);
  if (input.afterPageId !== undefined) {
    // A hidden page reads exactly like one that does not exist.
    const index = siblings.findIndex(
      (sibling) =>
        sibling.visible &&
        (sibling.id === input.afterPageId ||
          sibling.slugId === input.afterPageId),
    );
    if (index === -1) {
      // A level can hold thousands of pages: name the first few, count the rest.
      const visible = siblings.filter((sibling) => sibling.visible);
      const listed =
        visible
          .slice(0, LISTED_SIBLINGS)
          .map((sibling) => `${quoteTitle(sibling.title)} (${sibling.id})`)
          .join(', ') || 'none';
      const names =
        visible.length > LISTED_SIBLINGS
          ? `${listed} and ${visible.length - LISTED_SIBLINGS} more (listSidebarPages lists them)`
          : listed;
      throw new ToolError(
        'invalid_input',
        `afterPageId ${abbreviate(input.afterPageId)} is not a page ${where}; the pages there are: ${names}`,
      );
    }
    const before = validKey(siblings[index]);
    // Siblings may share a key (concurrent creates, imports): the next key must be strictly
    // greater, so the page lands after every sibling holding the same key as the anchor.
    const after = validKey(
      siblings
        .slice(index + 1)
        .find(
          (sibling) => before !== null && (validKey(sibling) ?? '') > before,
        ),
    );
    if (before !== null) return generateKeyBetween(before, after);
    return generateKeyBetween(last, null);
  }
  if (input.position === 'first')
    return generateKeyBetween(null, validKey(valid[0]));
  return generateKeyBetween(last, null);
}

/**
 * Moves a page (with its subtree) under a new parent or to a space root, through the bound page
 * service (in Docmost its `PageService.movePage`, and `movePageToSpace` for another space: the
 * sidebars move the node, `PAGE_MOVED` feeds search and embeddings). The package checks access,
 * the cycle and the place first; the database binding re-takes the space tree's lock for the
 * write. Moving to another space does what Docmost does: the whole subtree moves, with its
 * comments, history, shares, attachments and watchers, and its page-level restrictions are
 * dropped, so every sub-page must be the caller's to edit.
 */
export async function movePage(
  { db, services }: ToolExecutorDependencies,
  input: ToolInput<typeof movePageTool>,
  context: ToolCallContext,
): Promise<MovePageResult> {
  const page = await requirePage(db, context, input.pageId, { write: true });
  requireSpaceRoleToMove(page);
  const parentReference = input.parentPageId ?? null;
  const parent =
    parentReference === null
      ? undefined
      : await requirePage(db, context, parentReference, { write: true });
  if (
    parent &&
    input.spaceId !== undefined &&
    input.spaceId !== parent.spaceId
  ) {
    throw new ToolError(
      'invalid_input',
      `spaceId ${abbreviate(input.spaceId)} contradicts parentPageId ${abbreviate(parentReference ?? parent.id)}, which is in space ${parent.spaceId}; ` +
        "give only the parent (its space is implied), or only spaceId to move to that space's root",
    );
  }
  let targetSpaceId = parent?.spaceId ?? input.spaceId ?? page.spaceId;
  if (parent === undefined && targetSpaceId !== page.spaceId) {
    if (!isUuid(targetSpaceId))
      throw new ToolError(
        'invalid_input',
        `spaceId "${targetSpaceId}" is not a space id (a uuid from listSpaces)`,
      );
    targetSpaceId = (
      await requireSpace(db, context, targetSpaceId, { write: true })
    ).id;
  }
  if (parent) await assertNoCycle(db, page, parent);

  const where = parent
    ? `under ${quoteTitle(parent.title)}`
    : 'at the root of the space';
  const siblings = await siblingsOf(
    db,
    context,
    targetSpaceId,
    parent?.id ?? null,
    page.id,
  );
  const position = choosePosition(siblings, input, where);
  const descendants = await descendantPageIds(db, page.id, {
    includeDeleted: true,
  });
  let droppedRestrictions = 0;
  if (targetSpaceId !== page.spaceId) {
    // The move drops the subtree's restrictions: every sub-page must be the caller's to edit.
    await requireEditableSubtree(
      db,
      context,
      page,
      descendants,
      'moved to another space',
    );
    droppedRestrictions = Number(
      (
        await db
          .selectFrom('pageAccess')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('pageId', 'in', [page.id, ...descendants])
          .executeTakeFirstOrThrow()
      ).count,
    );
  }
  await services.pages.move({
    caller: await serviceCaller(db, context),
    pageId: page.id,
    parentPageId: parent?.id ?? null,
    position,
    spaceId: targetSpaceId,
  });
  return {
    pageId: page.id,
    title: page.title,
    parentPageId: parent?.id ?? null,
    spaceId: targetSpaceId,
    position,
    movedSubPages: descendants.length,
    droppedRestrictions,
  };
}
