import { refuseUnstorableText } from '../../../stored-document';
import { sql, type Kysely } from 'kysely';
import type { DB, JsonValue } from '../../../database';
import type { ToolCallContext } from '../../../registry';
import { abbreviate, ToolError } from '../../../ground';
import type { ToolInput } from '../../../registry';
import {
  requirePage,
  requireSpace,
  type AccessiblePage,
} from '../../../access';
import { serviceCaller } from '../../../docmost-services';
import type { CreatePageTool } from './markdown-tools';
import { readMarkdownOffThread } from './read-markdown-off-thread';
import type { ToolExecutorDependencies } from '../../executor-dependencies';
import type { ContentHeavyTasks } from '../../../heavy-tasks';
import { quoteTitle } from '../../../page-store';

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
  }).catch((error: unknown) => {
    // The page errors name a page, not the role it had here: say it was the parent, and that
    // nothing was made, as the other parent refusals below do.
    if (
      ToolError.isToolError(error) &&
      (error.code === 'not_found' || error.code === 'forbidden')
    )
      throw new ToolError(
        error.code,
        `parent ${error.message}. Nothing was created.`,
        error.details,
      );
    throw error;
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

/**
 * Creates a page with Markdown content at the end of its level in the sidebar, through the bound
 * page service (the database binding: a fresh unique slugId and a first history version, in one
 * transaction). Bad input creates nothing: it is refused before the service is called.
 */
export async function createPage(
  { db, heavyWork, services }: ToolExecutorDependencies<ContentHeavyTasks>,
  input: ToolInput<CreatePageTool>,
  context: ToolCallContext,
): Promise<CreatePageResult> {
  // Access first, so a caller without it gets that answer and costs no conversion; then the
  // Markdown, read outside the transaction: a long document converts in a worker for up to its
  // deadline, and no connection (nor the space tree's lock) is held meanwhile.
  // Docmost's rule: at the root the space role must allow writing; under a parent, the parent's
  // edit right decides (a space reader whom a restricted parent lets write may add a sub-page).
  const checkedSpace = await requireSpace(db, context, input.spaceId, {
    write: input.parentPageId === undefined,
  });
  const parent =
    input.parentPageId === undefined
      ? undefined
      : await requireParent(db, context, input.parentPageId, checkedSpace.id);
  refuseUnstorableText(input.title, 'title');
  const { content } = await readMarkdownOffThread(
    input.markdown ?? '',
    heavyWork,
    context.userId,
  );
  // The page through the bound page service (in Docmost its `PageService.create`: the creator
  // watches the page, the space's sidebars get it, `PAGE_CREATED` feeds search and embeddings).
  const caller = await serviceCaller(db, context);
  const made = await services.pages.create({
    caller,
    spaceId: checkedSpace.id,
    parentPageId: parent?.id ?? null,
    title: input.title,
    content: content as unknown as JsonValue,
  });
  // What the binding did not say (Docmost's service chooses slugId and position) is read back.
  const created =
    made.slugId !== undefined &&
    made.position !== undefined &&
    made.version !== undefined
      ? {
          slugId: made.slugId,
          position: made.position,
          version: made.version,
          parentPageId: parent?.id ?? null,
        }
      : await db
          .selectFrom('pages')
          .select([
            'slugId',
            'position',
            'parentPageId',
            sql<string>`updated_at::text`.as('version'),
          ])
          .where('id', '=', made.id)
          .executeTakeFirstOrThrow();
  const id = made.id;
  return {
    pageId: id,
    slugId: created.slugId,
    title: input.title,
    spaceId: checkedSpace.id,
    parentPageId: created.parentPageId,
    path: `/s/${checkedSpace.slug}/p/${created.slugId}`,
    position: created.position ?? '',
    version: created.version,
    blocks: content.content?.length ?? 0,
  };
}
