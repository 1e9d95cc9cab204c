import { getSchema } from '@tiptap/core';
import type { Schema } from '@tiptap/pm/model';
import type * as YTiptap from '@tiptap/y-tiptap' with {
  'resolution-mode': 'import',
};
import {
  editorSchemaDescription,
  Y,
  type YDoc,
  type YjsSelection,
} from '../../src';
import { editorExtensions } from '../web/app/editor-extensions';

/** y-tiptap's CommonJS build, required as Docmost's server loads it (its typings are ES module ones). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const yTiptap: typeof YTiptap = require('@tiptap/y-tiptap');
const { initProseMirrorDoc, relativePositionToAbsolutePosition } = yTiptap;

type YXmlFragment = ReturnType<YDoc['getXmlFragment']>;

let schema: Schema | undefined;

/** Docmost's editor schema, as its collaboration server builds it for this (once). */
function editorSchema(): Schema {
  schema ??= getSchema(editorExtensions(editorSchemaDescription()));
  return schema;
}

/**
 * Formats the text runs between two positions with the mark, walking the fragment as Docmost's
 * `applyMarkToYFragment` does (0.94.0): a text run counts its characters, every element two
 * (its opening and closing) plus its children, a leaf too; code blocks take no mark.
 */
function markBetween(
  fragment: YXmlFragment,
  from: number,
  to: number,
  attributes: Record<string, unknown>,
): void {
  let position = 0;
  const visit = (child: unknown, parentName: string | undefined): boolean => {
    if (position >= to) return false;
    if (child instanceof Y.XmlText) {
      const end = position + child.length;
      if (end > from && position < to && parentName !== 'codeBlock') {
        const start = Math.max(0, from - position);
        const length = Math.min(child.length, to - position) - start;
        if (length > 0) child.format(start, length, { comment: attributes });
      }
      position = end;
    } else if (child instanceof Y.XmlElement) {
      position += 1;
      for (const grandchild of child.toArray())
        if (!visit(grandchild, child.nodeName)) return false;
      position += 1;
    }
    return true;
  };
  for (const child of fragment.toArray()) if (!visit(child, undefined)) break;
}

/**
 * What Docmost's `setCommentMark` collaboration event does on the page's owner: resolves the
 * selection's Yjs positions to ProseMirror positions (y-tiptap, with the editor's schema) and
 * marks the text between. Throws when a position no longer resolves.
 */
export function setCommentMark(
  document: YDoc,
  yjsSelection: YjsSelection,
  mark: { readonly commentId: string; readonly resolved: boolean },
): void {
  const fragment = document.getXmlFragment('default');
  const { mapping } = initProseMirrorDoc(fragment, editorSchema());
  const [anchor, head] = [yjsSelection.anchor, yjsSelection.head].map(
    (position) =>
      relativePositionToAbsolutePosition(
        document,
        fragment,
        Y.createRelativePositionFromJSON(position),
        mapping,
      ),
  );
  if (anchor == null || head == null)
    throw new Error(
      'the selection no longer resolves to positions in the document',
    );
  markBetween(fragment, Math.min(anchor, head), Math.max(anchor, head), {
    commentId: mark.commentId,
    resolved: mark.resolved,
  });
}
