/**
 * A lock on one thing in the shared cache (an install, a client build), so that two runs
 * preparing it at once (two checkouts, CI beside a person) do not write the same files: the
 * second waits, then finds it prepared.
 *
 * The lock is a directory holding `owner.json` (pid, host, what, since), made complete in a
 * directory of its own and renamed into place, so a lock is never seen without its owner. A
 * lock whose owner process is gone (killed, the machine restarted) is stale: the next run
 * takes it over. An owner on another host cannot be checked, so it is waited for.
 */
import {
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

export interface LockOwner {
  readonly pid: number;
  readonly host: string;
  /** What the owner prepares, for the waiting run's message. */
  readonly what: string;
  /** ISO time the lock was taken. */
  readonly since: string;
}

export interface CacheLockOptions {
  /** How long to wait for a live owner before giving up (default 60 minutes). */
  readonly timeoutMs?: number;
  /** How often to look again (default 1 s). */
  readonly pollMs?: number;
  /** Told once when the lock is held by another run, and when a stale lock is taken over. */
  readonly report?: (line: string) => void;
}

function readOwner(lock: string): LockOwner | undefined {
  try {
    return JSON.parse(
      readFileSync(join(lock, 'owner.json'), 'utf8'),
    ) as LockOwner;
  } catch {
    return undefined;
  }
}

function isAlive(owner: LockOwner): boolean {
  if (owner.host !== hostname()) return true;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists and belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function sameOwner(a: LockOwner | undefined, b: LockOwner): boolean {
  return (
    a !== undefined &&
    a.pid === b.pid &&
    a.host === b.host &&
    a.since === b.since
  );
}

let attempts = 0;

/** Takes the lock if it is free: true when this process holds it now. */
function tryTake(lock: string, what: string): boolean {
  const ready = `${lock}.${process.pid}-${++attempts}.taking`;
  mkdirSync(ready, { recursive: true });
  const owner: LockOwner = {
    pid: process.pid,
    host: hostname(),
    what,
    since: new Date().toISOString(),
  };
  writeFileSync(join(ready, 'owner.json'), `${JSON.stringify(owner)}\n`);
  try {
    // Renaming a directory onto an existing, non-empty one fails: only one run gets it.
    renameSync(ready, lock);
    return true;
  } catch (error) {
    rmSync(ready, { recursive: true, force: true });
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTEMPTY' || code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Moves a stale lock (its owner `stale` gone) out of the way. Checks, once moved, that the lock
 * moved is still the stale one: if another run took the lock over in between, it is put back.
 */
function takeOverStale(lock: string, stale: LockOwner): void {
  const moved = `${lock}.${process.pid}-${++attempts}.stale`;
  try {
    renameSync(lock, moved);
  } catch {
    return; // Another run moved it first.
  }
  if (sameOwner(readOwner(moved), stale)) {
    rmSync(moved, { recursive: true, force: true });
    return;
  }
  try {
    renameSync(moved, lock);
  } catch {
    // A third run has taken the lock meanwhile; the one moved lost it. Nothing safe to do.
  }
}

/**
 * Runs `run` holding the lock at `lock` (a directory path), and releases it afterwards, also
 * when `run` fails. Waits while another live run holds it; takes over a stale one.
 */
export async function withCacheLock<T>(
  lock: string,
  what: string,
  run: () => Promise<T>,
  { timeoutMs = 60 * 60_000, pollMs = 1000, report }: CacheLockOptions = {},
): Promise<T> {
  const started = Date.now();
  let toldWaiting = false;
  while (!tryTake(lock, what)) {
    const owner = readOwner(lock);
    if (owner !== undefined && !isAlive(owner)) {
      report?.(
        `a stale lock (${lock}: process ${owner.pid}, gone, was preparing ${owner.what} since ${owner.since}) is taken over`,
      );
      takeOverStale(lock, owner);
      continue;
    }
    if (Date.now() - started > timeoutMs)
      throw new Error(
        `${lock} is still held after ${Math.round(timeoutMs / 1000)} s by ${owner === undefined ? 'an unknown owner' : `process ${owner.pid} on ${owner.host} (${owner.what}, since ${owner.since})`}: if no such run is going on, remove the lock directory`,
      );
    if (!toldWaiting && owner !== undefined) {
      report?.(
        `waiting for process ${owner.pid} (${owner.what}, since ${owner.since}) to finish; lock ${lock}`,
      );
      toldWaiting = true;
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  try {
    return await run();
  } finally {
    // Released only if still ours (a run that outlived the timeout of another could lose it).
    const owner = readOwner(lock);
    if (owner?.pid === process.pid && owner.host === hostname())
      rmSync(lock, { recursive: true, force: true });
  }
}
