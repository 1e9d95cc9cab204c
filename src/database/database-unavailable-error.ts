/**
 * The database could not answer: the connection was lost or refused, the server is shutting
 * down, or a query ran past its timeout. The call that met it fails; the next one may work, as
 * pools replace broken connections. Hosts answer 503 for it; tools report it as a tool error.
 */
export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError';

  constructor(
    message: string,
    /** The driver's or PostgreSQL's code of the underlying failure, when it had one. */
    readonly code: string | undefined,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
