import type { ToolCallContext } from '../../registry';
import type { ToolInput } from '../../registry';
import { readPage } from '../../page-store';
import type { getPageJsonTool } from './structure.tools';
import { asDocument, type ProseMirrorNode } from '../../document';
import {
  refuseOversizedOutput,
  refuseOversizedStoredDocument,
  type OutputLimit,
} from '../../heavy-tasks';
import type { ToolExecutorDependencies } from '../executor-dependencies';
import { namedPageId } from '../named-page-id';

/**
 * A page's stored document, with what a write needs besides: as getPage, nothing the model
 * already named (each read stays in the chat's history and is re-read by every later request);
 * `pageId` only when the page was named by anything but its uuid.
 */
export interface PageJson {
  /** The page's uuid, when it was named by anything else (its slugId). */
  readonly pageId?: string;
  readonly title: string | null;
  /** Pass back as `baseVersion` to make a full-document write fail if the page changed since. */
  readonly version: string;
  readonly content: ProseMirrorNode;
}

/** The page's document exactly as stored: nothing added, nothing normalised. */
export async function getPageJson(
  { db, livePages }: ToolExecutorDependencies,
  input: ToolInput<typeof getPageJsonTool>,
  context: ToolCallContext,
): Promise<PageJson> {
  const page = await readPage({ db, livePages }, context, input.pageId, {
    largeDocumentAsText: true,
  });
  const limit: OutputLimit = {
    what: `page "${page.title ?? 'Untitled'}" (${page.id})`,
    readInstead:
      "read it in parts: getOutline for its top-level blocks, then getNode for one block's JSON (getPage with fromBlock for the text); stashPage hands the whole document over by URL. Write single blocks with patchNode, insertNode or deleteNode",
  };
  const envelope = {
    ...namedPageId(page.id, input.pageId),
    title: page.title,
    version: page.version,
  };
  // A large page comes as its stored text, refused from it when it cannot fit.
  if (page.documentText !== undefined)
    return refuseOversizedStoredDocument(envelope, page.documentText, limit);
  return refuseOversizedOutput(
    { ...envelope, content: asDocument(page.content) },
    limit,
  );
}
