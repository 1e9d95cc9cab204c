import { ToolError, type ToolErrorCode } from '../ground';

/**
 * An error thrown in a worker as plain data. Structured cloning keeps an error's message but
 * not its class or fields, and the model must read a worker's ToolError exactly as it would
 * read one thrown on the main thread.
 */
export type TransportedError =
  | {
      readonly kind: 'tool';
      readonly code: ToolErrorCode;
      readonly message: string;
      readonly details?: Readonly<Record<string, unknown>>;
    }
  | {
      readonly kind: 'other';
      readonly name: string;
      readonly message: string;
      readonly stack?: string;
    };

export function transportError(error: unknown): TransportedError {
  if (error instanceof ToolError)
    return {
      kind: 'tool',
      code: error.code,
      message: error.message,
      details: error.details,
    };
  if (error instanceof Error)
    return {
      kind: 'other',
      name: error.name,
      message: error.message,
      stack: error.stack,
    };
  return { kind: 'other', name: 'Error', message: String(error) };
}

/** The error to throw on the main thread: a ToolError again, or an Error carrying the worker's stack. */
export function reviveError(transported: TransportedError): Error {
  if (transported.kind === 'tool')
    return new ToolError(
      transported.code,
      transported.message,
      transported.details,
    );
  const error = new Error(
    `${transported.name} in a heavy-work worker: ${transported.message}`,
  );
  if (transported.stack !== undefined)
    error.stack = `${error.message}\n(worker stack) ${transported.stack}`;
  return error;
}
