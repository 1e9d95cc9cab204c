import type { ProseMirrorMark, ProseMirrorNode } from '../../src';

/**
 * Terse builders for the demo documents, producing the JSON shapes Docmost's TipTap editor
 * stores: headings and paragraphs carry `attrs.id`; lists and tables do not.
 */

/** Inline content: a plain string is a text node without marks. */
export type Inline = ProseMirrorNode | string;

function inline(content: readonly Inline[]): ProseMirrorNode[] {
  return content.map((item) => (typeof item === 'string' ? text(item) : item));
}

export function text(
  value: string,
  ...marks: ProseMirrorMark[]
): ProseMirrorNode {
  return marks.length > 0
    ? { type: 'text', text: value, marks }
    : { type: 'text', text: value };
}

export const bold = (value: string): ProseMirrorNode =>
  text(value, { type: 'bold' });
export const italic = (value: string): ProseMirrorNode =>
  text(value, { type: 'italic' });

export function link(value: string, href: string): ProseMirrorNode {
  return text(value, {
    type: 'link',
    attrs: { href, target: '_blank', rel: 'noopener noreferrer nofollow' },
  });
}

/** Text anchored to a comment thread, as Docmost's comment extension marks it. */
export function commented(
  value: string,
  commentId: string,
  resolved = false,
): ProseMirrorNode {
  return text(value, { type: 'comment', attrs: { commentId, resolved } });
}

export function doc(...blocks: ProseMirrorNode[]): ProseMirrorNode {
  return { type: 'doc', content: blocks };
}

export function heading(
  level: 1 | 2 | 3,
  id: string,
  ...content: Inline[]
): ProseMirrorNode {
  return { type: 'heading', attrs: { id, level }, content: inline(content) };
}

export function paragraph(id: string, ...content: Inline[]): ProseMirrorNode {
  return { type: 'paragraph', attrs: { id }, content: inline(content) };
}

/** A paragraph of a comment body: the comment editor does not assign block ids. */
export function commentParagraph(...content: Inline[]): ProseMirrorNode {
  return { type: 'paragraph', content: inline(content) };
}

export function bulletList(...items: ProseMirrorNode[]): ProseMirrorNode {
  return { type: 'bulletList', content: items };
}

export function orderedList(...items: ProseMirrorNode[]): ProseMirrorNode {
  return { type: 'orderedList', attrs: { start: 1 }, content: items };
}

export function listItem(...blocks: ProseMirrorNode[]): ProseMirrorNode {
  return { type: 'listItem', content: blocks };
}

export function table(...rows: ProseMirrorNode[]): ProseMirrorNode {
  return { type: 'table', content: rows };
}

export function tableRow(...cells: ProseMirrorNode[]): ProseMirrorNode {
  return { type: 'tableRow', content: cells };
}

const CELL_ATTRS = { colspan: 1, rowspan: 1, colwidth: null } as const;

export function tableHeader(...blocks: ProseMirrorNode[]): ProseMirrorNode {
  return { type: 'tableHeader', attrs: CELL_ATTRS, content: blocks };
}

export function tableCell(...blocks: ProseMirrorNode[]): ProseMirrorNode {
  return { type: 'tableCell', attrs: CELL_ATTRS, content: blocks };
}

export function image(src: string, alt: string): ProseMirrorNode {
  return { type: 'image', attrs: { src, alt, title: null, align: 'center' } };
}

export function codeBlock(language: string, code: string): ProseMirrorNode {
  return { type: 'codeBlock', attrs: { language }, content: [text(code)] };
}

export function blockquote(...blocks: ProseMirrorNode[]): ProseMirrorNode {
  return { type: 'blockquote', content: blocks };
}
