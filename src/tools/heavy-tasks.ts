import { HeavyWorkPool, type HeavyTasks } from '../workers';
import { blockView, outlineView, pageTextView } from './reading/document-views';
import { tableView } from './tables/table-view';
import { versionText, versionTextLengths } from './history/version-views';
import { planTextEdit } from './edit-text/plan-text-edit';
import { PAGE_STORE_HEAVY_TASKS } from '../page-store';
import { prepareWholeDocument } from './structure/prepare-whole-document';
import { applyBlockEdit } from './structure/block-edits';
import { transformDocument } from './content/transform/transform-document';
import { transferMarkdownDocument } from './content/page-markdown/read-markdown-document';
import {
  exportDocumentMarkdown,
  diffDocuments,
  type DiffDocumentsOptions,
  readStoredDocument,
  type ProseMirrorNode,
} from '../document';

/**
 * The tools' CPU-heavy functions, which they hand to the worker pool by name. Each is the same
 * pure function the calling thread runs for small inputs (and unit tests call directly): one
 * input object in, a structured-cloneable value out, ToolErrors for the model.
 */
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
      readStoredDocument(input.from),
      readStoredDocument(input.to),
      input.options,
    ),
  transferMarkdownDocument,
  exportDocumentMarkdown: (input: { readonly document: ProseMirrorNode }) =>
    exportDocumentMarkdown(input.document),
  planTextEdit,
  applyBlockEdit,
  // The reading tools' views of a large page, from its JSON text (see reading/document-views.ts).
  pageTextView,
  blockView,
  outlineView,
  tableView,
  versionText,
  versionTextLengths,
  // A new document's stored form (see src/page-store/stored-document.ts).
  ...PAGE_STORE_HEAVY_TASKS,
  prepareWholeDocument,
} as const;

/** The table and this module, which each worker loads by path. */
export const TOOL_HEAVY_TASKS: HeavyTasks<typeof HEAVY_TASKS> = {
  table: HEAVY_TASKS,
  module: __filename,
};

/** The worker pool the tools run their heavy work on. */
export type ToolHeavyWorkPool = HeavyWorkPool<typeof HEAVY_TASKS>;

let shared: ToolHeavyWorkPool | undefined;

/**
 * The process-wide pool with default limits, for executors created without one (a host that
 * calls createDocmostExecutors directly, tests). AiToolsModule creates and closes its own.
 */
export function sharedHeavyWorkPool(): ToolHeavyWorkPool {
  shared ??= new HeavyWorkPool(TOOL_HEAVY_TASKS);
  return shared;
}
