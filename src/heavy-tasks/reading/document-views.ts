import {
  extractText,
  resolveBlockReference,
  type NodePath,
  buildOutline,
  type OutlineEntry,
  readStoredDocument,
  type ProseMirrorNode,
  renderDocumentText,
  type RenderDocumentOptions,
  type RenderedDocument,
} from '../../document';
import { fitItems } from '../output-limit';

/*
 * What the reading tools take from a whole document, as pure functions of the document: run on
 * the calling thread for an ordinary page, and in a worker (the room's `HEAVY_TASKS`) with the document's
 * JSON text for a large one, so only the small view crosses back and the event loop never
 * parses or walks a multi-megabyte page.
 */

/** getPage's window of text. */
export function pageTextView(input: {
  readonly document: ProseMirrorNode | string;
  readonly window: RenderDocumentOptions;
}): RenderedDocument {
  return renderDocumentText(readStoredDocument(input.document), input.window);
}

/** getNode's block, or how many top-level blocks there are when it is not found. */
export type BlockView =
  | {
      readonly found: true;
      readonly topLevelIndex: number;
      readonly path: NodePath;
      readonly text: string;
      readonly node: ProseMirrorNode;
    }
  | { readonly found: false; readonly topLevelBlocks: number };

export function blockView(input: {
  readonly document: ProseMirrorNode | string;
  readonly block: string;
}): BlockView {
  const doc = readStoredDocument(input.document);
  const located = resolveBlockReference(doc, input.block);
  if (!located)
    return { found: false, topLevelBlocks: doc.content?.length ?? 0 };
  return {
    found: true,
    topLevelIndex: located.topLevelIndex,
    path: located.path,
    text: extractText(located.node),
    node: located.node,
  };
}

/** getOutline's leading entries within `budget` characters, and how many there are in all. */
export function outlineView(input: {
  readonly document: ProseMirrorNode | string;
  readonly budget: number;
}): { readonly kept: readonly OutlineEntry[]; readonly total: number } {
  const blocks = buildOutline(readStoredDocument(input.document));
  return { kept: fitItems(blocks, input.budget).kept, total: blocks.length };
}
