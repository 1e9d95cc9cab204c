import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface RunningEmbeddedCluster {
  readonly pid: number;
  readonly port: number;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The embedded PostgreSQL another process (a running `npm start`) keeps in `directory`, read
 * from PostgreSQL's own lock file: line 1 is the postmaster's pid, line 4 its port. A second
 * cluster cannot start on the same directory, so callers reuse it or report it.
 */
export function findRunningEmbeddedCluster(
  directory: string,
): RunningEmbeddedCluster | undefined {
  let lines: string[];
  try {
    lines = readFileSync(join(directory, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const port = Number.parseInt(lines[3] ?? '', 10);
  if (
    !Number.isInteger(pid) ||
    pid <= 0 ||
    !Number.isInteger(port) ||
    port <= 0
  )
    return undefined;
  return isAlive(pid) ? { pid, port } : undefined;
}
