import { ToolError } from '../../../registry/tool-error';
import { refuseUnstorableText } from '../../page-store/storable-text';
import { ensureBlockIds } from '../../prosemirror/block-id';
import { collectBlockIds } from '../../prosemirror/block-tree';
import {
  diffDocuments,
  type DocumentDiff,
} from '../../prosemirror/document-diff';
import type { ProseMirrorNode } from '../../prosemirror/prosemirror-node';
import { assertValidNode } from '../../prosemirror/validate-node';
import { runTransformScript } from '../../sandbox/run-transform-script';
import type { ScriptSandboxOptions } from '../../sandbox/sandbox-options';
import { ScriptSandboxError } from '../../sandbox/script-sandbox-error';
import { compareBlocks, type BlockChanges } from './block-changes';
import { scriptFailure } from './script-failure';

export interface TransformDocumentInput {
  readonly script: string;
  readonly document: ProseMirrorNode;
  readonly pageId: string;
  readonly title: string | null;
  readonly sandbox: ScriptSandboxOptions;
}

/** Everything transformPage reports and writes, computed without the database. */
export interface TransformedDocument {
  readonly after: ProseMirrorNode;
  /** True when the result differs from the stored document. */
  readonly changed: boolean;
  /** Headings and paragraphs that got a new id (missing, malformed or duplicated in the result). */
  readonly generatedIds: number;
  readonly blocks: BlockChanges;
  readonly diff: DocumentDiff;
  /** console.log lines, with a closing line counting those not kept. */
  readonly logs: readonly string[];
}

function describeNonDocument(value: unknown): string | undefined {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array (blocks go in doc.content)';
  if (typeof value !== 'object') return `a ${typeof value}`;
  const type = (value as { type?: unknown }).type;
  if (type === 'doc') return undefined;
  return typeof type === 'string'
    ? `a node of type "${type}"`
    : 'an object without a "type"';
}

/** The script's value as a valid document with block ids, or a tool error naming the problem. */
function toDocument(value: unknown): {
  readonly content: ProseMirrorNode;
  readonly generatedIds: number;
} {
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
  return {
    content,
    generatedIds: collectBlockIds(content).filter((id) => !givenIds.has(id))
      .length,
  };
}

/**
 * Runs the model's script on the document in the QuickJS sandbox, then validates, ids and diffs
 * its result: the whole CPU-bound part of transformPage, in one function a worker can run.
 * Sandbox failures come out as the ToolError the model reads.
 */
export async function transformDocument(
  input: TransformDocumentInput,
): Promise<TransformedDocument> {
  let run;
  try {
    run = await runTransformScript(
      {
        script: input.script,
        document: input.document,
        data: { pageId: input.pageId, title: input.title },
      },
      input.sandbox,
    );
  } catch (error) {
    throw error instanceof ScriptSandboxError ? scriptFailure(error) : error;
  }
  const { content: after, generatedIds } = toDocument(run.value);
  return {
    after,
    changed: JSON.stringify(after) !== JSON.stringify(input.document),
    generatedIds,
    blocks: compareBlocks(input.document.content ?? [], after.content ?? []),
    diff: diffDocuments(input.document, after),
    logs:
      run.droppedLogs > 0
        ? [...run.logs, `(${run.droppedLogs} more lines not kept)`]
        : run.logs,
  };
}
