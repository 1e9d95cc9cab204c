import { isDeepStrictEqual } from 'node:util';
import type { ProseMirrorNode } from '../prosemirror';
import { MarkdownSyntaxError } from './markdown-syntax-error';
import { markdownToDocument } from './markdown-to-document';

/** Whether `markdown` reads back as exactly `node`, so nothing is lost by writing it. */
export function readsBackAs(markdown: string, node: ProseMirrorNode): boolean {
  try {
    return isDeepStrictEqual(markdownToDocument(markdown).content, [node]);
  } catch (error) {
    if (error instanceof MarkdownSyntaxError) return false;
    throw error;
  }
}
