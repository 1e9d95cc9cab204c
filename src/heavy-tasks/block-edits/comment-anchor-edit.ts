import { abbreviate, ToolError } from '../../ground';
import {
  anchorComment,
  extractText,
  type ProseMirrorNode,
} from '../../document';

/** createComment's anchor of a new thread, as data (see `BlockEdit`). */
export interface CommentAnchorEdit {
  readonly kind: 'commentAnchor';
  /** The page's id, for the refusal. */
  readonly pageId: string;
  readonly selection: string;
  readonly commentId: string;
}

export interface CommentAnchorReport {
  readonly kind: 'commentAnchor';
  /** `attrs.id` of the block the selection was found in; null for a block without one. */
  readonly blockId: string | null;
}

/** Marks the selection's first occurrence with the thread's comment mark, or refuses saying why it is not there. */
export function applyCommentAnchor(
  doc: ProseMirrorNode,
  edit: CommentAnchorEdit,
): { readonly updated: ProseMirrorNode; readonly report: CommentAnchorReport } {
  const anchor = anchorComment(doc, edit.selection, edit.commentId);
  if (!anchor) throw selectionNotFound(edit.pageId, doc, edit.selection);
  return {
    updated: anchor.doc,
    report: { kind: 'commentAnchor', blockId: anchor.blockId },
  };
}

/** Explains a selection that no block contains, pointing at a near miss when there is one. */
function selectionNotFound(
  pageId: string,
  doc: ProseMirrorNode,
  selection: string,
): ToolError {
  const text = extractText(doc);
  const caseless = text.toLowerCase().indexOf(selection.toLowerCase());
  const hint = selection.includes('\n')
    ? ' A selection cannot span two blocks: choose text inside one paragraph, heading, list item or table cell.'
    : text.includes(selection)
      ? ' It occurs only in a code block, which cannot hold comment highlights: anchor the comment to text near it.'
      : caseless >= 0
        ? ` The page has it with different capitalisation: "${text.slice(caseless, caseless + selection.length)}".`
        : '';
  return new ToolError(
    'invalid_input',
    `selection "${abbreviate(selection, 120)}" is not in the text of page ${pageId}: it must be copied exactly (case and spaces included) from one paragraph, heading, list item or table cell as getPage shows it; formatting such as bold is not part of the text and Markdown is not understood.${hint}`,
    { pageId, selection },
  );
}
