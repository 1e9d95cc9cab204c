import {
  refuseUnstorableText,
  receiveDocument,
  transferDocument,
  type StoredFormOptions,
  type TransferredDocument,
} from '../../stored-document';
import { ToolError } from '../../ground';
import {
  MarkdownSyntaxError,
  markdownToDocument,
  ensureBlockIds,
  collectBlockIds,
  type ProseMirrorNode,
  assertValidNode,
} from '../../document';
// Not the page-store index: a worker loads this file, and the index brings in the database layer.

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
