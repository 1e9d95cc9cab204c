/**
 * Docmost's source and its package manager, for the preparations of prepare-docmost.ts (the
 * server's install) and client-build.ts (the client's): the source's commit, the source placed
 * in the cache, and Docmost's own pnpm run in it.
 */
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, join } from 'node:path';
import { withCacheLock } from './cache-lock';
import { runStep, say } from './run-step';

/** The source's commit (from the archive's header or the checkout's git), if known. */
export function sourceCommit(source: string): string | undefined {
  try {
    if (statSync(source).isDirectory()) {
      const git = (...args: string[]) =>
        execFileSync('git', ['-C', source, ...args], {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'ignore'],
        }).trim();
      // A copy inside another repository (an extracted archive under a checkout) is not that
      // repository's commit.
      return realpathSync(git('rev-parse', '--show-toplevel')) ===
        realpathSync(source)
        ? git('rev-parse', 'HEAD')
        : undefined;
    }
    // `git archive` records the commit in the tar's header.
    const id = execFileSync(
      'sh',
      ['-c', 'gunzip -c "$0" | git get-tar-commit-id', source],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    ).trim();
    return id === '' ? undefined : id;
  } catch {
    return undefined;
  }
}

/** Copies or extracts the source into `root` (an archive's single top folder is dropped). */
export function placeSource(
  source: string,
  root: string,
  logFile: string,
): void {
  if (statSync(source).isDirectory()) {
    cpSync(source, root, {
      recursive: true,
      filter: (path) =>
        !['node_modules', '.git'].includes(basename(path)) || path === source,
    });
    return;
  }
  const unpacked = `${root}.unpacked`;
  rmSync(unpacked, { recursive: true, force: true });
  mkdirSync(unpacked, { recursive: true });
  execFileSync('tar', ['-xzf', source, '-C', unpacked]);
  const top = readdirSync(unpacked);
  const inner =
    top.length === 1 && statSync(join(unpacked, top[0])).isDirectory()
      ? join(unpacked, top[0])
      : unpacked;
  execFileSync('mv', [inner, root]);
  rmSync(unpacked, { recursive: true, force: true });
  writeFileSync(logFile, `extracted ${source}\n`, { flag: 'a' });
}

/** Docmost's own package manager (its `packageManager` field), installed in the cache. */
async function packageManager(
  root: string,
  cache: string,
  logFile: string,
): Promise<{ command: string; prefix: string[] }> {
  const field = (
    JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      packageManager?: string;
    }
  ).packageManager;
  const match = /^pnpm@(\d+\.\d+\.\d+)/.exec(field ?? '');
  if (!match)
    throw new Error(
      `Docmost's package.json names packageManager "${field}"; these checks know how to prepare a pnpm workspace only`,
    );
  const home = join(cache, 'tools', `pnpm-${match[1]}`);
  const entry = join(home, 'node_modules', 'pnpm', 'bin', 'pnpm.cjs');
  if (!existsSync(entry))
    await withCacheLock(
      `${home}.lock`,
      `pnpm ${match[1]}`,
      async () => {
        if (existsSync(entry)) return;
        await runStep(
          `installing pnpm ${match[1]} (Docmost's package manager)`,
          {
            command: 'npm',
            args: [
              'install',
              '--prefix',
              home,
              '--no-save',
              `pnpm@${match[1]}`,
            ],
            cwd: cache,
            logFile,
          },
        );
      },
      { report: say },
    );
  return { command: process.execPath, prefix: [entry] };
}

/** One pnpm command in a placed source: its title on the console, its output to the log. */
export type PnpmStep = (
  title: string,
  args: readonly string[],
) => Promise<string>;

/**
 * Docmost's own pnpm (installed in the cache on first use) in the placed source at `root`, as
 * both installs run it: `CI=true` (no prompts), each step's output appended to `logFile`.
 * `install(title, filters)` is Docmost's install of those workspace packages, its packages
 * from the cache's pnpm store (shared by the server's install and the client's).
 */
export async function docmostPnpm(
  root: string,
  cache: string,
  logFile: string,
): Promise<{
  step: PnpmStep;
  install: (title: string, filters: readonly string[]) => Promise<string>;
}> {
  const pnpm = await packageManager(root, cache, logFile);
  const step: PnpmStep = (title, args) =>
    runStep(title, {
      command: pnpm.command,
      args: [...pnpm.prefix, ...args],
      cwd: root,
      env: { ...process.env, CI: 'true' },
      logFile,
    });
  return {
    step,
    install: (title, filters) =>
      step(title, [
        'install',
        '--no-frozen-lockfile',
        '--store-dir',
        join(cache, 'pnpm-store'),
        ...filters.flatMap((filter) => ['--filter', filter]),
      ]),
  };
}
