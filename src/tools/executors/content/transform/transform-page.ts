import type { Kysely } from 'kysely';
import type { DB } from '../../../../database';
import type { ToolCallContext } from '../../../../registry/tool-call-context';
import { ToolError } from '../../../../registry/tool-error';
import type { ToolInput } from '../../../../registry/tool-spec';
import { requirePage } from '../../../access';
import type { CONTENT_TOOLS } from '../../../definitions/content.tools';
import { pageVersionConflict, refuseUnstorableText, writePage } from '../../../page-store';
import { ensureBlockIds } from '../../../prosemirror/block-id';
import { collectBlockIds } from '../../../prosemirror/block-tree';
import { diffDocuments, type CountChange, type TextChange } from '../../../prosemirror/document-diff';
import type { DocumentCounts } from '../../../prosemirror/document-counts';
import { asDocument, type ProseMirrorNode } from '../../../prosemirror/prosemirror-node';
import { assertValidNode } from '../../../prosemirror/validate-node';
import { runTransformScript, ScriptSandboxError, type ScriptSandboxOptions, type TransformScriptResult } from '../../../sandbox';
import { compareBlocks, type BlockChanges } from './block-changes';
import { scriptFailure } from './script-failure';

export type TransformPageTool = Extract<(typeof CONTENT_TOOLS)[number], { name: 'transformPage' }>;

interface TransformOutcome {
  readonly pageId: string;
  /** True when the result differs from the stored document. */
  readonly changed: boolean;
  readonly blocks: BlockChanges;
  /** Headings and paragraphs that got a new id (missing, malformed or duplicated in the result). */
  readonly generatedIds: number;
  readonly integrity: Readonly<Record<keyof DocumentCounts, CountChange>>;
  /** One sentence per count that went down: what the transform would lose. */
  readonly warnings: readonly string[];
  /** console.log lines of the script. */
  readonly logs: readonly string[];
}

export interface TransformPagePreview extends TransformOutcome {
  readonly dryRun: true;
  readonly written: false;
  /** The version the script ran on: pass it back as `baseVersion` with dryRun false. */
  readonly version: string;
  readonly changes: readonly TextChange[];
  readonly addedLines: number;
  readonly removedLines: number;
  readonly unchangedLines: number;
  readonly truncated: boolean;
  readonly next: string;
}

export interface TransformPageWrite extends TransformOutcome {
  readonly dryRun: false;
  readonly written: boolean;
  /** The page's version now: the new one after a write. */
  readonly version: string;
  readonly historyVersion: number | null;
  readonly addedLines: number;
  readonly removedLines: number;
}

export type TransformPageResult = TransformPagePreview | TransformPageWrite;

function describeNonDocument(value: unknown): string | undefined {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array (blocks go in doc.content)';
  if (typeof value !== 'object') return `a ${typeof value}`;
  const type = (value as { type?: unknown }).type;
  if (type === 'doc') return undefined;
  return typeof type === 'string' ? `a node of type "${type}"` : 'an object without a "type"';
}

/** The script's value as a valid document with block ids, or a tool error naming the problem. */
function toDocument(value: unknown): { readonly content: ProseMirrorNode; readonly generatedIds: number } {
  const returned = describeNonDocument(value);
  if (returned !== undefined) {
    throw new ToolError(
      'invalid_input',
      `The transform script returned ${returned}; it must return the whole document { type: "doc", content: [...] } (e.g. \`return doc;\`). Nothing was written.`,
    );
  }
  assertValidNode(value, { label: 'the document the script returned' });
  const givenIds = new Set(collectBlockIds(value));
  const content = ensureBlockIds(value);
  refuseUnstorableText(content, 'the document the script returned');
  return { content, generatedIds: collectBlockIds(content).filter((id) => !givenIds.has(id)).length };
}

/**
 * Runs the model's script on the page's current document in the QuickJS sandbox and either
 * previews the result (dry run, the default) or writes it with a compare-and-set on the version
 * read here, or on `baseVersion` when given. Write access is required for dry runs as well: a
 * preview of a write the caller cannot make would only waste a turn.
 */
export async function transformPage(
  db: Kysely<DB>,
  input: ToolInput<TransformPageTool>,
  context: ToolCallContext,
  sandbox: ScriptSandboxOptions,
): Promise<TransformPageResult> {
  const page = await requirePage(db, context, input.pageId, { write: true });
  if (input.baseVersion !== undefined && input.baseVersion !== page.version) throw pageVersionConflict(page.id, input.baseVersion, page.version);
  const before = asDocument(page.content);
  let run: TransformScriptResult;
  try {
    run = await runTransformScript({ script: input.script, document: before, data: { pageId: page.id, title: page.title } }, sandbox);
  } catch (error) {
    throw error instanceof ScriptSandboxError ? scriptFailure(error) : error;
  }
  const { content: after, generatedIds } = toDocument(run.value);
  const diff = diffDocuments(before, after);
  const changed = JSON.stringify(after) !== JSON.stringify(before);
  const outcome: TransformOutcome = {
    pageId: page.id,
    changed,
    blocks: compareBlocks(before.content ?? [], after.content ?? []),
    generatedIds,
    integrity: diff.integrity,
    warnings: diff.warnings,
    logs: run.droppedLogs > 0 ? [...run.logs, `(${run.droppedLogs} more lines not kept)`] : run.logs,
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
    return { ...outcome, dryRun: false, written: false, version: page.version, historyVersion: null, addedLines: 0, removedLines: 0 };
  }
  const written = await writePage(db, context, page, { content: after });
  return {
    ...outcome,
    dryRun: false,
    written: true,
    version: written.version,
    historyVersion: written.historyVersion,
    addedLines: diff.addedLines,
    removedLines: diff.removedLines,
  };
}
