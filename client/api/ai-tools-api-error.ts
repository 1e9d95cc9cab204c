/**
 * A request to the module's routes that did not succeed: the server refused it (`status` is
 * its HTTP status, `message` its explanation) or never answered (`status` undefined: offline,
 * DNS, CORS, a proxy dropping the connection).
 */
export class AiToolsApiError extends Error {
  override readonly name = 'AiToolsApiError';

  constructor(
    message: string,
    /** The HTTP status; undefined when the server was not reached. */
    readonly status: number | undefined,
  ) {
    super(message);
  }

  /** Whether the server was not reached at all (no HTTP status). */
  get isNetworkError(): boolean {
    return this.status === undefined;
  }
}
