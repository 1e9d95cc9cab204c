import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * How long a checkout's copy may go unmade before it counts as left behind. A check uses its
 * copies for minutes; a day leaves every running check of another clone alone.
 */
export const STALE_CHECKOUT_COPY_MS = 24 * 60 * 60 * 1000;

/** A folder of per-checkout copies, each named `<prefix><checkout key>`. */
export interface CheckoutCopyPlace {
  readonly directory: string;
  readonly prefix: string;
}

export interface StaleCopyOptions {
  /** This checkout's key: its copies stay, however old. */
  readonly ownKey: string;
  /** Default: `Date.now()`. */
  readonly now?: number;
  /** Default: `STALE_CHECKOUT_COPY_MS`. */
  readonly staleAfterMs?: number;
}

/**
 * Removes the copies other checkouts left in the cache: every clone of the repository gets a
 * mounted server (about 30 MB) and a pack (about 17 MB) of its own, made anew by each of its runs,
 * and nothing else ever removes them, so a machine that checks many clones (CI, worktrees)
 * piles them up. A copy goes when no run has made it for `staleAfterMs` (its folder's
 * modification time is when its run made it); this checkout's own stay. Not atomic: the run of
 * an idle checkout that remakes its copy while this removes the old one can fail (and is run
 * again); no lock is taken for a window of seconds once a day. Returns the removed paths.
 */
export function removeStaleCheckoutCopies(
  places: readonly CheckoutCopyPlace[],
  options: StaleCopyOptions,
): string[] {
  const now = options.now ?? Date.now();
  const staleAfterMs = options.staleAfterMs ?? STALE_CHECKOUT_COPY_MS;
  const removed: string[] = [];
  for (const { directory, prefix } of places) {
    let entries: string[];
    try {
      entries = readdirSync(directory);
    } catch {
      continue; // Not made yet: nothing to remove.
    }
    for (const entry of entries) {
      if (!entry.startsWith(prefix) || entry === `${prefix}${options.ownKey}`)
        continue;
      const path = join(directory, entry);
      const stat = statSync(path, { throwIfNoEntry: false });
      if (stat === undefined || !stat.isDirectory()) continue;
      if (now - stat.mtimeMs < staleAfterMs) continue;
      rmSync(path, { recursive: true, force: true });
      removed.push(path);
    }
  }
  return removed;
}
