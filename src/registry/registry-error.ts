/**
 * The registry refused to build: a spec or executor is inconsistent. Raised at boot, so a
 * broken tool set never reaches a model; the message names the tool and what to fix.
 */
export class RegistryError extends Error {
  override readonly name = 'RegistryError';

  constructor(
    /** The tool the problem is about (its camelCase name, or the name as given). */
    readonly toolName: string,
    message: string,
  ) {
    super(`Tool "${toolName}": ${message}`);
  }
}
