import type {
  ProseMirrorMark,
  ProseMirrorNode,
} from '../prosemirror/prosemirror-node';
import { documentToMarkdown } from './document-to-markdown';
import { markdownToDocument } from './markdown-to-document';

/** The attributes Docmost gives every link besides its href. */
export const LINK = { target: '_blank', rel: 'noopener noreferrer nofollow' };

/** The attributes Docmost gives every table cell. */
export const CELL = { colspan: 1, rowspan: 1, colwidth: null };

/** A text node, with its marks when it has any. */
export function text(
  value: string,
  ...marks: ProseMirrorMark[]
): ProseMirrorNode {
  return marks.length > 0
    ? { type: 'text', text: value, marks }
    : { type: 'text', text: value };
}

/** A paragraph with block id `id`, with its content when it has any. */
export function paragraph(
  id: string,
  ...content: ProseMirrorNode[]
): ProseMirrorNode {
  return {
    type: 'paragraph',
    attrs: { id },
    ...(content.length > 0 ? { content } : {}),
  };
}

/** A list item holding `content`. */
export function item(...content: ProseMirrorNode[]): ProseMirrorNode {
  return { type: 'listItem', content };
}

/** The blocks `markdownToDocument` reads from `markdown`. */
export function blocks(markdown: string): readonly ProseMirrorNode[] {
  return markdownToDocument(markdown).content ?? [];
}

/** The Markdown of a document of `blocks`, checked to read back as the same document. */
export function exported(...blocks: ProseMirrorNode[]): string {
  const doc = { type: 'doc', content: blocks };
  const markdown = documentToMarkdown(doc);
  expect(markdownToDocument(markdown)).toEqual(doc);
  return markdown;
}
