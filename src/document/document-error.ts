/** What was wrong with a document or a reference into it. */
export type DocumentErrorCode = 'invalid_input' | 'not_found';

/**
 * A document, or a reference into one, that the model of Docmost's editor refuses: the message
 * says what was wrong and what is valid. The document layer depends on nothing in the package, so
 * it cannot raise the registry's ToolError itself; the tools' executors (and the worker pool, for
 * the tasks it runs) turn this into the ToolError of the same code and message that the model reads.
 */
export class DocumentError extends Error {
  override readonly name = 'DocumentError';

  constructor(
    readonly code: DocumentErrorCode,
    message: string,
    /** Structured detail for logs and tests (the issues found, valid names). */
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
  }
}
