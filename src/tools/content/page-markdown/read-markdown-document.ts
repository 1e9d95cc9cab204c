import { ToolError } from '../../../registry/tool-error';
import type { ToolHeavyWorkPool } from '../../heavy-tasks';
import { MarkdownSyntaxError, markdownToDocument } from '../../markdown';
// Not the page-store index: a worker loads this file, and the index brings in the database layer.
import { refuseUnstorableText } from '../../page-store/storable-text';
import { ensureBlockIds } from '../../prosemirror/block-id';
import { collectBlockIds } from '../../prosemirror/block-tree';
import type { ProseMirrorNode } from '../../prosemirror/prosemirror-node';
import { assertValidNode } from '../../prosemirror/validate-node';

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

/** `readMarkdownDocument`, in a worker when the Markdown is long (a 400,000-character import blocked the event loop for seconds). */
export function readMarkdownOffThread(
  markdown: string,
  heavyWork: ToolHeavyWorkPool,
  userId: string,
): Promise<MarkdownDocument> {
  return heavyWork.runSized(
    'readMarkdownDocument',
    { markdown },
    markdown.length,
    {
      userId,
      label: 'Reading the Markdown',
      advice:
        'Send the page in parts: a shorter document, then insertNode for the rest.',
    },
  );
}
