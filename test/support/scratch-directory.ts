import { statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';

/** Linux's shared-memory file system: a tmpfs on most machines, in RAM. */
const MEMORY_DIRECTORY = '/dev/shm';

/**
 * The least free space /dev/shm must have to hold a test PostgreSQL: two ~10 MB templates, the
 * clones of the files running at the moment, and the WAL until a checkpoint recycles it (up to
 * max_wal_size, 1 GB). A container's default /dev/shm (64 MB) falls back to the disk.
 */
const MINIMUM_FREE_BYTES = 2 * 1024 ** 3;

/**
 * Where tests put a PostgreSQL cluster they throw away (the run's test cluster, the reliability
 * tests' fault clusters, the DATA_DIR of an `npm start` or `npm run demo` they spawn): /dev/shm
 * when it has room, else the OS temp directory. On the 2-core
 * machine's disk (ext4), cloning the seeded template took about 750 ms and 0.3 s of system CPU
 * even with fsync off, in memory about 30 ms; every integration file clones at least once.
 */
export function scratchDirectory(): string {
  try {
    const space = statfsSync(MEMORY_DIRECTORY);
    if (space.bavail * space.bsize >= MINIMUM_FREE_BYTES)
      return MEMORY_DIRECTORY;
  } catch {
    // No /dev/shm (not Linux): the temp directory.
  }
  return tmpdir();
}
