/** A problem of the eval itself (bad arguments, a scenario that cannot start), as one line. */
export class EvalError extends Error {
  override readonly name = 'EvalError';
}
