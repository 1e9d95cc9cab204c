import {
  refuseUnstorableText,
  transferDocument,
  type StoredFormOptions,
  type TransferredDocument,
} from '../../../stored-document';
import { ToolError } from '../../../ground';
import {
  ensureBlockIds,
  collectBlockIds,
  diffDocuments,
  type DocumentDiff,
  readStoredDocument,
  type ProseMirrorNode,
  assertValidNode,
} from '../../../document';
import { runTransformScript } from '../../sandbox';
import type { ScriptSandboxOptions } from '../../sandbox';
import { ScriptSandboxError } from '../../sandbox';
import { compareBlocks, type BlockChanges } from './block-changes';
import { scriptFailure } from './script-failure';

export interface TransformDocumentInput {
  readonly script: string;
  /** The page's document, or its JSON text (as a worker best receives a large one). */
  readonly document: ProseMirrorNode | string;
  readonly pageId: string;
  readonly title: string | null;
  readonly sandbox: ScriptSandboxOptions;
  /** What the result's stored form carries besides its text. */
  readonly storedForm?: StoredFormOptions;
}

/** Everything transformPage reports and writes, computed without the database. */
export interface TransformedDocument {
  /** The script's result with its stored form (see `receiveDocument`). */
  readonly after: TransferredDocument;
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
  const before = readStoredDocument(input.document);
  let run;
  try {
    run = await runTransformScript(
      {
        script: input.script,
        document: before,
        data: { pageId: input.pageId, title: input.title },
      },
      input.sandbox,
    );
  } catch (error) {
    throw error instanceof ScriptSandboxError ? scriptFailure(error) : error;
  }
  const { content: after, generatedIds } = toDocument(run.value);
  const json = JSON.stringify(after);
  return {
    after: transferDocument(
      after,
      json,
      'the document the script returned',
      input.storedForm,
    ),
    changed: json !== JSON.stringify(before),
    generatedIds,
    blocks: compareBlocks(before.content ?? [], after.content ?? []),
    diff: diffDocuments(before, after),
    logs:
      run.droppedLogs > 0
        ? [...run.logs, `(${run.droppedLogs} more lines not kept)`]
        : run.logs,
  };
}
