/**
 * Docmost's source and its package manager, for the preparations of prepare-docmost.ts (the
 * server's install) and client-build.ts (the client's): the source's commit, the source placed
 * in the cache, and Docmost's own pnpm.
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
export async function packageManager(
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
