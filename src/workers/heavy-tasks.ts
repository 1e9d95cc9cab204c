import { planTextEdit } from '../tools/edit-text/plan-text-edit';
import { transformDocument } from '../tools/content/transform/transform-document';
import { readMarkdownDocument } from '../tools/content/page-markdown/read-markdown-document';
import { exportDocumentMarkdown } from '../tools/markdown/document-to-markdown';
import {
  diffDocuments,
  type DiffDocumentsOptions,
} from '../tools/prosemirror/document-diff';
import {
  asDocument,
  type ProseMirrorNode,
} from '../tools/prosemirror/prosemirror-node';

/**
 * The CPU-heavy functions a worker runs, by name. Each is the same pure function the calling
 * thread runs for small inputs (and unit tests call directly): one input object in, a
 * structured-cloneable value out, ToolErrors for the model.
 */
function parsedDocument(document: ProseMirrorNode | string): ProseMirrorNode {
  return typeof document === 'string'
    ? asDocument(JSON.parse(document) as unknown)
    : document;
}

export const HEAVY_TASKS = {
  transformDocument,
  // Versions travel as the JSON text PostgreSQL stored: a string crosses to a worker as one copy,
  // while cloning a 5 MB object tree (and parsing it first) held the event loop for ~100 ms each.
  diffDocuments: (input: {
    readonly from: ProseMirrorNode | string;
    readonly to: ProseMirrorNode | string;
    readonly options?: DiffDocumentsOptions;
  }) =>
    diffDocuments(
      parsedDocument(input.from),
      parsedDocument(input.to),
      input.options,
    ),
  readMarkdownDocument: (input: { readonly markdown: string }) =>
    readMarkdownDocument(input.markdown),
  exportDocumentMarkdown: (input: { readonly document: ProseMirrorNode }) =>
    exportDocumentMarkdown(input.document),
  planTextEdit,
} as const;

export type HeavyTaskName = keyof typeof HEAVY_TASKS;
export type HeavyTaskInput<N extends HeavyTaskName> = Parameters<
  (typeof HEAVY_TASKS)[N]
>[0];
export type HeavyTaskOutput<N extends HeavyTaskName> = Awaited<
  ReturnType<(typeof HEAVY_TASKS)[N]>
>;
