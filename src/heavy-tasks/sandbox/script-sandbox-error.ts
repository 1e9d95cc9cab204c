/**
 * Why a transform script produced no usable value:
 * - `syntax`: the script does not parse;
 * - `not_function`: it parses but is not one function `(doc, ctx) => doc`;
 * - `thrown`: the script threw;
 * - `result`: it returned something that cannot be a document (undefined, a Promise, a function);
 * - `timeout`, `memory`, `stack`: it hit a sandbox limit and was stopped;
 * - `script_too_long`, `input_too_large`, `result_too_large`: a size limit, checked outside the script;
 * - `crashed`: the sandbox itself failed (never expected; the host stays up either way).
 */
export type ScriptFailureKind =
  | 'syntax'
  | 'not_function'
  | 'thrown'
  | 'result'
  | 'timeout'
  | 'memory'
  | 'stack'
  | 'script_too_long'
  | 'input_too_large'
  | 'result_too_large'
  | 'crashed';

/** Where in the script a failure happened, 1-based, as an editor shows it. */
export interface ScriptLocation {
  readonly line: number;
  readonly column: number;
}

/**
 * A transform script that failed. The message is written for the model that wrote the script:
 * it never carries a host stack trace, only the script's own error and location.
 */
export class ScriptSandboxError extends Error {
  override readonly name = 'ScriptSandboxError';

  constructor(
    readonly kind: ScriptFailureKind,
    message: string,
    readonly location?: ScriptLocation,
    /** console.log lines the script printed before it failed, when they could be read. */
    readonly logs: readonly string[] = [],
    /** For `crashed`: the host-side error, for the server log only. */
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}
