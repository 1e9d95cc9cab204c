import { abbreviate } from '../../ground';
import { ToolError } from '../../registry/tool-error';
import type { AccessiblePage } from '../../access';

/** Space roles that may change pages, and so comment on them whatever the space's settings. */
const WRITER_ROLES: readonly string[] = ['admin', 'writer'];

/**
 * Why the caller may not comment on (or resolve threads of) a page they can read: Docmost lets
 * whoever may edit the page comment, and a viewer only where the space allows viewer comments.
 */
export function commentRefusal(
  page: Pick<AccessiblePage, 'spaceRole'>,
  pageReference: string,
  outcome: string,
): ToolError {
  const viewers =
    'or a space that allows viewers to comment (spaces.settings.comments.allowViewerComments, off here; a space admin can turn it on)';
  return new ToolError(
    'forbidden',
    WRITER_ROLES.includes(page.spaceRole)
      ? `you have read-only access to page ${abbreviate(pageReference)}: it is restricted, and commenting needs role writer in the page permissions of it or of its nearest restricted parent, ${viewers}. ${outcome}`
      : `you have read-only access (role "${page.spaceRole}") to page ${abbreviate(pageReference)}; commenting needs role writer or admin in its space, ${viewers}. ${outcome}`,
  );
}
