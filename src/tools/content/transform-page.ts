import { receiveDocument } from '../../stored-document';
import type { ToolCallContext } from '../../registry';
import type { ToolInput } from '../../registry';
import type { ContentTool } from './content.tools';
import {
  pageVersionConflict,
  readPage,
  storedFormFor,
  writePage,
} from '../../page-store';
import { asDocument, type DocumentDiff } from '../../document';
import type { BlockChanges, ContentHeavyTasks } from '../../heavy-tasks';
import type { ToolExecutorDependencies } from '../executor-dependencies';

export type TransformPageTool = ContentTool<'transformPage'>;

/** What every answer carries; `integrity` and `warnings` say what the transform would lose. */
interface TransformOutcome extends Pick<
  DocumentDiff,
  'integrity' | 'warnings'
> {
  readonly pageId: string;
  /** True when the result differs from the stored document. */
  readonly changed: boolean;
  readonly blocks: BlockChanges;
  /** Headings and paragraphs that got a new id (missing, malformed or duplicated in the result). */
  readonly generatedIds: number;
  /** console.log lines of the script. */
  readonly logs: readonly string[];
}

/** A dry run: the outcome with the line diff it would write. */
export interface TransformPagePreview
  extends
    TransformOutcome,
    Pick<
      DocumentDiff,
      'changes' | 'addedLines' | 'removedLines' | 'unchangedLines' | 'truncated'
    > {
  readonly dryRun: true;
  readonly written: false;
  /** The version the script ran on: pass it back as `baseVersion` with dryRun false. */
  readonly version: string;
  readonly next: string;
}

export interface TransformPageWrite
  extends TransformOutcome, Pick<DocumentDiff, 'addedLines' | 'removedLines'> {
  readonly dryRun: false;
  readonly written: boolean;
  /** The page's version now: the new one after a write. */
  readonly version: string;
  readonly historyId: string | null;
}

export type TransformPageResult = TransformPagePreview | TransformPageWrite;

/**
 * Runs the model's script on the page's current document in the QuickJS sandbox and either
 * previews the result (dry run, the default) or writes it with a compare-and-set on the version
 * read here, or on `baseVersion` when given. Write access is required for dry runs as well: a
 * preview of a write the caller cannot make would only waste a turn.
 */
export async function transformPage(
  dependencies: ToolExecutorDependencies<ContentHeavyTasks>,
  input: ToolInput<TransformPageTool>,
  context: ToolCallContext,
): Promise<TransformPageResult> {
  const { db, sandbox, heavyWork } = dependencies;
  const page = await readPage(dependencies, context, input.pageId, {
    write: true,
    largeDocumentAsText: true,
  });
  if (input.baseVersion !== undefined && input.baseVersion !== page.version)
    throw pageVersionConflict(page.id, input.baseVersion, page.version);
  // A large page goes as its JSON text, never parsed here.
  const before = page.documentText ?? asDocument(page.content);
  // Always in a worker: a script can call a built-in (indexOf on a huge string, a typed-array
  // sort) that the sandbox's own time limit cannot interrupt; the worker's deadline can.
  const transformed = await heavyWork.run(
    'transformDocument',
    {
      script: input.script,
      document: before,
      pageId: page.id,
      title: page.title,
      sandbox,
      // A dry run writes nothing: no block fingerprints for a live merge (seconds of a worker's
      // time on a page of megabytes).
      storedForm: input.dryRun ? {} : storedFormFor(dependencies, page.id),
    },
    {
      userId: context.userId,
      label: 'The transform script',
      advice:
        'Some built-in calls (indexOf, includes or split on a very long string, sorting a large typed array) cannot be interrupted by the script time limit: do less work per call.',
      deadlineMs: heavyWork.limits.transformDeadlineMs,
    },
  );
  const { after, changed, generatedIds, diff } = transformed;
  const outcome: TransformOutcome = {
    pageId: page.id,
    changed,
    blocks: transformed.blocks,
    generatedIds,
    integrity: diff.integrity,
    warnings: diff.warnings,
    logs: transformed.logs,
  };
  if (input.dryRun) {
    return {
      ...outcome,
      dryRun: true,
      written: false,
      version: page.version,
      changes: diff.changes,
      addedLines: diff.addedLines,
      removedLines: diff.removedLines,
      unchangedLines: diff.unchangedLines,
      truncated: diff.truncated,
      next: changed
        ? `Nothing was written. To write this result, call transformPage again with the same script, dryRun false and baseVersion "${page.version}".`
        : 'The script changed nothing; there is nothing to write.',
    };
  }
  if (!changed) {
    return {
      ...outcome,
      dryRun: false,
      written: false,
      version: page.version,
      historyId: null,
      addedLines: 0,
      removedLines: 0,
    };
  }
  const written = await writePage(dependencies, {
    context,
    page,
    change: { content: receiveDocument(after) },
    toolName: 'transformPage',
  });
  return {
    ...outcome,
    dryRun: false,
    written: true,
    version: written.version,
    historyId: written.historyId,
    addedLines: diff.addedLines,
    removedLines: diff.removedLines,
  };
}
