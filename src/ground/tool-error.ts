export type ToolErrorCode =
  | 'invalid_input'
  | 'not_found'
  | 'conflict'
  | 'forbidden'
  | 'unavailable'
  | 'limit_exceeded'
  | 'internal';

/**
 * An error an executor raises for the model to read: the message says what was wrong and
 * what is valid. Both surfaces turn it into a tool error result (AI SDK `error-text`,
 * MCP `isError: true`), never into a failed request.
 */
export class ToolError extends Error {
  override readonly name = 'ToolError';

  constructor(
    readonly code: ToolErrorCode,
    message: string,
    /** Structured detail for logs and tests (valid names, sizes, ids). */
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
  }

  static isToolError(error: unknown): error is ToolError {
    return error instanceof ToolError;
  }
}
