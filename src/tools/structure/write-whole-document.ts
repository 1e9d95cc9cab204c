import type { ToolCallContext } from '../../registry/tool-call-context';
import type { AccessiblePage } from '../access';
import type { ToolName } from '../tool-definitions';
import {
  pageVersionConflict,
  writePage,
  type PageStore,
  type WrittenPage,
} from '../page-store';
import type { ProseMirrorNode } from '../prosemirror/prosemirror-node';

/** A whole-document write: the page as loaded, the new document, and the model's `baseVersion`. */
export interface WholeDocumentWrite {
  readonly context: ToolCallContext;
  readonly page: AccessiblePage;
  readonly content: ProseMirrorNode;
  readonly baseVersion: string | undefined;
  readonly toolName: ToolName;
}

/**
 * A full-document write (updatePageJson, updatePageContent, importPageMarkdown,
 * copyPageContent, restorePageVersion). The new content does not derive from the page as just
 * loaded but from what the model read earlier, so a `baseVersion` older than the current
 * version fails with a conflict before anything is written; the write itself is still a
 * compare-and-set on the version loaded.
 */
export async function writeWholeDocument(
  store: PageStore,
  { context, page, content, baseVersion, toolName }: WholeDocumentWrite,
): Promise<WrittenPage> {
  if (baseVersion !== undefined && baseVersion !== page.version)
    throw pageVersionConflict(page.id, baseVersion, page.version);
  return writePage(store, { context, page, change: { content }, toolName });
}
