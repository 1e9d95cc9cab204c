/**
 * A failure at boot that an operator must fix in the environment. The message is one line
 * naming the cause and the variable to change; `main` prints it without a stack trace.
 */
export class StartupError extends Error {
  override readonly name = 'StartupError';

  constructor(
    message: string,
    /** The environment variable the operator should look at, when there is one. */
    readonly variable?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
