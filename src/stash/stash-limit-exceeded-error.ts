/** A stash that would exceed a limit: the snapshot's size, or the caller's number of live stashes. */
export class StashLimitExceededError extends Error {
  override readonly name = 'StashLimitExceededError';

  constructor(
    readonly limit: 'bytes' | 'active',
    message: string,
  ) {
    super(message);
  }
}
