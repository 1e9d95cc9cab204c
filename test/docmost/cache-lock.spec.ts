/**
 * The cache lock (cache-lock.ts) between real processes: two runs preparing the same install at
 * once take turns and the second reuses the first's; a run killed while preparing leaves a
 * stale lock the next run takes over; a live owner is waited for, and past the timeout the
 * error names it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import {
  appendFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withCacheLock } from './cache-lock';

const CACHE_LOCK = join(__dirname, 'cache-lock.ts');

/**
 * A run in a process of its own: under the lock, reuses `marker` if there, else "prepares" for
 * `holdMs` (writing `started` and `finished` lines to `journal`) and writes the marker.
 */
function contender(
  scratch: string,
  name: string,
  holdMs: number,
): ChildProcess {
  const script = `
    const { appendFileSync, existsSync, writeFileSync } = require('node:fs');
    const { withCacheLock } = require(${JSON.stringify(CACHE_LOCK)});
    const [lock, marker, journal, name, holdMs] = process.argv.slice(1);
    withCacheLock(lock, 'the install of ' + name, async () => {
      if (existsSync(marker)) return appendFileSync(journal, name + ' reused\\n');
      appendFileSync(journal, name + ' started\\n');
      await new Promise((resolve) => setTimeout(resolve, Number(holdMs)));
      writeFileSync(marker, name);
      appendFileSync(journal, name + ' finished\\n');
    }, { pollMs: 100 });
  `;
  return spawn(
    process.execPath,
    [
      '-r',
      'ts-node/register/transpile-only',
      '-e',
      script,
      join(scratch, 'install.lock'),
      join(scratch, 'prepared.json'),
      join(scratch, 'journal'),
      name,
      String(holdMs),
    ],
    { cwd: join(__dirname, '..', '..'), stdio: 'inherit' },
  );
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what} within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the cache lock between runs sharing the cache', () => {
  let scratch: string;
  const journal = () =>
    existsSync(join(scratch, 'journal'))
      ? readFileSync(join(scratch, 'journal'), 'utf8').trim().split('\n')
      : [];

  beforeEach(() => {
    scratch = mkdtempSync(join(tmpdir(), 'docmost-cache-lock-'));
  });
  afterEach(() => rmSync(scratch, { recursive: true, force: true }));

  test('two runs preparing the same install at once take turns, and the second reuses what the first prepared', async () => {
    const first = contender(scratch, 'A', 1500);
    const second = contender(scratch, 'B', 1500);
    expect(await exited(first)).toBe(0);
    expect(await exited(second)).toBe(0);
    const lines = journal();
    expect(lines).toHaveLength(3);
    const preparer = lines[0].split(' ')[0];
    const other = preparer === 'A' ? 'B' : 'A';
    expect(lines).toEqual([
      `${preparer} started`,
      `${preparer} finished`,
      `${other} reused`,
    ]);
    expect(existsSync(join(scratch, 'install.lock'))).toBe(false);
  });

  test('a run killed while preparing leaves a stale lock, which the next run takes over and prepares', async () => {
    const killed = contender(scratch, 'A', 60_000);
    await until(() => journal().includes('A started'), 'A never started');
    killed.kill('SIGKILL');
    await exited(killed);
    // The killed run's lock is still there, naming it.
    const lock = join(scratch, 'install.lock');
    expect(
      JSON.parse(readFileSync(join(lock, 'owner.json'), 'utf8')),
    ).toMatchObject({ pid: killed.pid, what: 'the install of A' });

    const reports: string[] = [];
    await withCacheLock(
      lock,
      'the install of B',
      async () => {
        expect(existsSync(join(scratch, 'prepared.json'))).toBe(false);
        appendFileSync(join(scratch, 'journal'), 'B prepared\n');
      },
      { pollMs: 50, report: (line) => reports.push(line) },
    );
    expect(journal()).toEqual(['A started', 'B prepared']);
    expect(reports).toEqual([
      expect.stringContaining(
        `process ${killed.pid}, gone, was preparing the install of A`,
      ),
    ]);
    expect(existsSync(lock)).toBe(false);
  });

  test('a live owner is waited for; past the timeout the error names it and the lock to remove', async () => {
    const owner = contender(scratch, 'A', 2000);
    await until(() => journal().includes('A started'), 'A never started');
    const lock = join(scratch, 'install.lock');
    await expect(
      withCacheLock(lock, 'the install of B', async () => undefined, {
        timeoutMs: 300,
        pollMs: 50,
      }),
    ).rejects.toThrow(
      new RegExp(
        `install\\.lock is still held after 0 s by process ${owner.pid} on .* \\(the install of A, since .*\\): if no such run is going on, remove the lock directory`,
      ),
    );

    const reports: string[] = [];
    await withCacheLock(
      lock,
      'the install of B',
      async () => {
        writeFileSync(join(scratch, 'B'), journal().join(','));
      },
      { pollMs: 50, report: (line) => reports.push(line) },
    );
    // B ran only once A had finished and released the lock.
    expect(readFileSync(join(scratch, 'B'), 'utf8')).toBe(
      'A started,A finished',
    );
    expect(reports).toEqual([
      expect.stringContaining(
        `waiting for process ${owner.pid} (the install of A`,
      ),
    ]);
    expect(await exited(owner)).toBe(0);
  });
});
