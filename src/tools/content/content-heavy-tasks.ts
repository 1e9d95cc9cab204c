import { exportDocumentMarkdown, type ProseMirrorNode } from '../../document';
import { transferMarkdownDocument } from './page-markdown/read-markdown-document';
import { transformDocument } from './transform/transform-document';

/** The content tools' heavy work: a transform script, Markdown read and written. */
export const CONTENT_HEAVY_TASKS = {
  transformDocument,
  transferMarkdownDocument,
  exportDocumentMarkdown: (input: { readonly document: ProseMirrorNode }) =>
    exportDocumentMarkdown(input.document),
} as const;

export type ContentHeavyTasks = typeof CONTENT_HEAVY_TASKS;
