import type { CommentAccess, PageAccess } from './docmost-services';
import type {
  DocmostPageAccessServiceShape,
  DocmostPageShape,
  DocmostUserShape,
} from './docmost-service-shapes';

/** The status of Nest's `HttpException` (`getStatus()`) or of anything carrying `status`. */
function httpStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const candidate = error as { getStatus?: () => number; status?: number };
  return typeof candidate.getStatus === 'function'
    ? candidate.getStatus()
    : candidate.status;
}

/**
 * Docmost's refusals: `ForbiddenException` (403) from its page checks, `NotFoundException` (404)
 * from its space ability for someone outside the page's space. Anything else is a failure.
 */
function isRefusal(error: unknown): boolean {
  const status = httpStatus(error);
  return status === 403 || status === 404;
}

/**
 * How the binding finds Docmost's entities for a decision: the person (none when they are no
 * longer a user of the workspace, who may then do nothing) and the page.
 */
export interface DocmostAccessLoaders<Page, User> {
  readonly user: (caller: {
    readonly userId: string;
    readonly workspaceId: string;
  }) => Promise<User | undefined>;
  readonly page: (pageId: string) => Promise<Page>;
}

const CANNOT_SEE = { canView: false, canEdit: false, restricted: false };

/**
 * The `pageAccess` and `commentAccess` ports decided by Docmost's own `PageAccessService`: the
 * space role (its space ability) and the page-level permissions, exactly as Docmost's page and
 * comment routes decide them. Nothing of the rule is copied here.
 */
export function docmostAccess<
  Page extends DocmostPageShape,
  User extends DocmostUserShape,
>(
  pageAccessService: DocmostPageAccessServiceShape<Page, User>,
  loaders: DocmostAccessLoaders<Page, User>,
): { readonly pageAccess: PageAccess; readonly commentAccess: CommentAccess } {
  return {
    pageAccess: {
      async decide(caller, row) {
        const user = await loaders.user(caller);
        if (!user) return CANNOT_SEE;
        try {
          // What Docmost's `POST /api/pages/info` asks: may they see it, and may they edit it.
          // The row is the one Docmost's `PageRepo.findById` returns (the same columns of the
          // same table, without the document), so the page is not read a second time.
          const { canEdit, hasRestriction } =
            await pageAccessService.validateCanViewWithPermissions(
              row as unknown as Page,
              user,
            );
          return { canView: true, canEdit, restricted: hasRestriction };
        } catch (error) {
          if (isRefusal(error)) return CANNOT_SEE;
          throw error;
        }
      },
    },
    commentAccess: {
      async canComment(caller, pageId) {
        const user = await loaders.user(caller);
        if (!user) return false;
        try {
          await pageAccessService.validateCanComment(
            await loaders.page(pageId),
            user,
            caller.workspaceId,
          );
          return true;
        } catch (error) {
          if (isRefusal(error)) return false;
          throw error;
        }
      },
    },
  };
}
