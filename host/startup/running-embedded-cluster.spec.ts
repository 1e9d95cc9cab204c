import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findRunningEmbeddedCluster } from './running-embedded-cluster';

describe('findRunningEmbeddedCluster', () => {
  let directory: string;
  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'cluster-'));
  });
  afterEach(() => {
    rmSync(directory, { recursive: true, force: true });
  });

  const lockFile = (pid: number, port: number) =>
    writeFileSync(
      join(directory, 'postmaster.pid'),
      `${pid}\n${directory}\n1700000000\n${port}\n/tmp\n127.0.0.1\n`,
    );

  it('reads the pid and port of a live postmaster from its lock file', () => {
    lockFile(process.pid, 54321);
    expect(findRunningEmbeddedCluster(directory)).toEqual({
      pid: process.pid,
      port: 54321,
    });
  });

  it('ignores a missing, malformed or stale lock file', () => {
    expect(findRunningEmbeddedCluster(directory)).toBeUndefined();
    writeFileSync(join(directory, 'postmaster.pid'), 'garbage');
    expect(findRunningEmbeddedCluster(directory)).toBeUndefined();
    lockFile(2 ** 22 + 12345, 54321);
    expect(findRunningEmbeddedCluster(directory)).toBeUndefined();
  });
});
