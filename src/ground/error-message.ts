/**
 * An error's message with the first line of its cause's, for a log line:
 * `database unavailable: connection refused; try again [connect ECONNREFUSED 10.0.0.5:5432]`.
 * What the model reads is the message alone; the cause (a driver's words, naming hosts and
 * ports) is for operators.
 */
export function messageWithCause(error: Error): string {
  const { cause } = error;
  if (typeof cause !== 'object' || cause === null) return error.message;
  const { message } = cause as { message?: unknown };
  return typeof message === 'string' && message !== ''
    ? `${error.message} [${message.split('\n')[0]}]`
    : error.message;
}

/** What a log line says of a thrown value: an error's message, anything else as text. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
