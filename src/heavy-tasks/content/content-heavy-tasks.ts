import { exportDocumentMarkdown, type ProseMirrorNode } from '../../document';
import { transferMarkdownDocument } from './read-markdown-document';
import { transformDocument } from './transform';

/** The content tools' heavy work: a transform script, Markdown read and written. */
export const CONTENT_HEAVY_TASKS = {
  transformDocument,
  transferMarkdownDocument,
  exportDocumentMarkdown: (input: { readonly document: ProseMirrorNode }) =>
    exportDocumentMarkdown(input.document),
} as const;

export type ContentHeavyTasks = typeof CONTENT_HEAVY_TASKS;
