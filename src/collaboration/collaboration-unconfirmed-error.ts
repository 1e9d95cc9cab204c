/**
 * A change sent to the collaboration server that the server did not confirm: the connection
 * closed (the server stopped, its instance died, it refused the message) before the server
 * acknowledged it. The server may or may not have applied it (a Yjs update is applied whole or
 * not at all), so the caller must not report it as written.
 */
export class CollaborationUnconfirmedError extends Error {
  constructor(
    readonly documentName: string,
    cause?: unknown,
  ) {
    super(
      `the collaboration server closed the connection to ${documentName} before it confirmed the change`,
    );
    this.name = 'CollaborationUnconfirmedError';
    (this as { cause?: unknown }).cause = cause;
  }
}
