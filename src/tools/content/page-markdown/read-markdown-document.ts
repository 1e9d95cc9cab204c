import { ToolError } from '../../../registry/tool-error';
import type { ToolHeavyWorkPool } from '../../heavy-tasks';
import { MarkdownSyntaxError, markdownToDocument } from '../../markdown';
// Not the page-store index: a worker loads this file, and the index brings in the database layer.
import { refuseUnstorableText } from '../../page-store/storable-text';
import { ensureBlockIds } from '../../prosemirror/block-id';
import { collectBlockIds } from '../../prosemirror/block-tree';
import type { ProseMirrorNode } from '../../prosemirror/prosemirror-node';
import { assertValidNode } from '../../prosemirror/validate-node';
import {
  receiveDocument,
  transferDocument,
  type StoredFormOptions,
  type TransferredDocument,
} from '../../page-store/stored-document';

export interface MarkdownDocument {
  /** The document to store: valid for Docmost's editor, every paragraph and heading with a unique id. */
  readonly content: ProseMirrorNode;
  /** Headings and paragraphs that got a new id (none given, or a duplicate). */
  readonly generatedIds: number;
}

/**
 * Reads the model's Markdown as a document ready to write, or fails with a tool error that
 * names the line (for Markdown the converter cannot read) or the node (for a document Docmost's
 * editor cannot hold), before anything is written.
 */
export function readMarkdownDocument(markdown: string): MarkdownDocument {
  refuseUnstorableText(markdown, 'markdown');
  let doc: ProseMirrorNode;
  try {
    doc = markdownToDocument(markdown);
  } catch (error) {
    if (!(error instanceof MarkdownSyntaxError)) throw error;
    throw new ToolError(
      'invalid_input',
      `markdown ${error.message}. Nothing was written.`,
      { line: error.line },
    );
  }
  assertValidNode(doc, { label: 'the document read from markdown' });
  const givenIds = new Set(collectBlockIds(doc));
  const content = ensureBlockIds(doc);
  return {
    content,
    generatedIds: collectBlockIds(content).filter((id) => !givenIds.has(id))
      .length,
  };
}

/** `readMarkdownDocument` as it crosses back from a worker: the document as its stored form. */
export function transferMarkdownDocument(input: {
  readonly markdown: string;
  readonly storedForm?: StoredFormOptions;
}): { readonly document: TransferredDocument; readonly generatedIds: number } {
  const { content, generatedIds } = readMarkdownDocument(input.markdown);
  return {
    document: transferDocument(
      content,
      JSON.stringify(content),
      'the document read from markdown',
      input.storedForm,
    ),
    generatedIds,
  };
}

/**
 * `readMarkdownDocument`, in a worker when the Markdown is long (a 400,000-character import
 * blocked the event loop for seconds); the document comes back as its stored form, parsed here
 * only if something reads its blocks (see `receiveDocument`).
 */
export async function readMarkdownOffThread(
  markdown: string,
  heavyWork: ToolHeavyWorkPool,
  userId: string,
  storedForm?: StoredFormOptions,
): Promise<MarkdownDocument> {
  const { document, generatedIds } = await heavyWork.runSized(
    'transferMarkdownDocument',
    { markdown, storedForm },
    markdown.length,
    {
      userId,
      label: 'Reading the Markdown',
      advice:
        'Send the page in parts: a shorter document, then insertNode for the rest.',
    },
  );
  return { content: receiveDocument(document), generatedIds };
}
