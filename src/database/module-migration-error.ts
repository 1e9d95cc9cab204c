/**
 * A module migration that could not run, in one line an operator can act on: which migration,
 * and what it needed or what failed. The boot prints the message as it is.
 */
export class ModuleMigrationError extends Error {
  override readonly name = 'ModuleMigrationError';

  constructor(
    /** `module/<name>` of the migration that did not run, or did not finish. */
    readonly migration: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
