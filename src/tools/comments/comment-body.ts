import { extractText, asDocument, type ProseMirrorNode } from '../../document';

/**
 * A comment body as Docmost's comment editor stores it: a doc of paragraphs, one per line of
 * the text, without block ids (the comment editor assigns none).
 */
export function commentBodyDocument(text: string): ProseMirrorNode {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '');
  return {
    type: 'doc',
    content: lines.map((line) => ({
      type: 'paragraph',
      content: [{ type: 'text', text: line }],
    })),
  };
}

/** A stored comment body as plain text, one line per paragraph. */
export function commentBodyText(content: unknown): string {
  return extractText(asDocument(content));
}
