/** Limits of page stashes. */
export interface PageStashOptions {
  /** Largest snapshot, in bytes (UTF-8). Default 20 MiB. */
  readonly maxBytes?: number;
  /**
   * Unexpired stashes one user may hold at once; a loop of stash calls cannot fill the
   * database. Default 20.
   */
  readonly maxActivePerUser?: number;
  /** Expired rows deleted per cleanup pass (one pass per new stash). Default 100. */
  readonly cleanupBatchSize?: number;
}

export const DEFAULT_PAGE_STASH_OPTIONS: Required<PageStashOptions> = {
  maxBytes: 20 * 1024 * 1024,
  maxActivePerUser: 20,
  cleanupBatchSize: 100,
};

/** Longest lifetime of a stash URL, in minutes (one day). */
export const MAX_STASH_MINUTES = 1440;
