import type { ToolCallContext } from '../registry';
import type { AccessiblePage } from '../access';
import type { ToolName } from './tool-names';
import { writePage, type PageStore, type WrittenPage } from '../page-store';
import type { ProseMirrorNode } from '../document';

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
 * loaded but from what the model read earlier, so the write is a compare-and-set on
 * `baseVersion` when given (the database writer refuses it unless it is still current; a
 * collaboration writer merges from that read, refusing only blocks changed since), else on the
 * version loaded.
 */
export async function writeWholeDocument(
  store: PageStore,
  { context, page, content, baseVersion, toolName }: WholeDocumentWrite,
): Promise<WrittenPage> {
  return writePage(store, {
    context,
    page: { id: page.id, version: baseVersion ?? page.version },
    change: { content },
    toolName,
  });
}
