/**
 * Prepares a Docmost to run the checks in: its install (cached outside the checkout, keyed by
 * the source) and, for each run, its server with the README's mount and this checkout's
 * `npm pack`.
 *
 * DOCMOST_SOURCE: a Docmost checkout, or a `.tar.gz` of one (as `git archive` makes it);
 * default `../shared/docmost/gitmost-fcf1fdec.tar.gz` beside this checkout.
 * DOCMOST_CACHE: where installs are kept (default `~/.cache/docmost-ai-tools`).
 *
 * Usage: node -r ts-node/register/transpile-only test/docmost/prepare-docmost.ts
 * (prints the prepared Docmost as JSON on stdout; progress on stderr).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import {
  overrideMissingAudioPackage,
  pageEmbeddingsWithoutPgvector,
  promiseWithResolversPreload,
} from './docmost-adaptations';
import { recordAuditEvents } from './audit-recording';
import { withCacheLock } from './cache-lock';
import { packageManager, placeSource, sourceCommit } from './docmost-source';
import { installPackedCheckout } from './install-packed-checkout';
import { buildMountedServer } from './readme-mount';
import { runStep, say, sayAdaptation } from './run-step';

export const CHECKOUT_ROOT = resolve(__dirname, '..', '..');

/**
 * Raise it when the install's steps or the adaptations (docmost-adaptations.ts) change, so that
 * cached installs are made anew.
 */
const INSTALL_RECIPE = 1;

/** Docmost's install, shared by every run on the same source. */
export interface DocmostInstall {
  /** What DOCMOST_SOURCE named. */
  readonly source: string;
  /** The source's commit (from the archive's header or the checkout's git), if known. */
  readonly commit?: string;
  /** Its root package.json's version. */
  readonly version: string;
  /** The prepared copy: Docmost's sources with its dependencies installed and built. */
  readonly root: string;
  /** Docmost's server as it comes, built (`apps/server/dist`): no mount. */
  readonly plainServerDirectory: string;
  /** `node --require` preloads the server needs here (the Node 20 polyfill). */
  readonly preloads: readonly string[];
  /** What was adapted to this machine, said once more on every run. */
  readonly adaptations: readonly string[];
  /** Where each step's whole output is. */
  readonly logFile: string;
  /** The cold preparation's time; undefined on a run that reused it. */
  readonly preparedInSeconds?: number;
}

/** Docmost's install plus this run's server, mounted and built. */
export interface PreparedDocmost extends DocmostInstall {
  /** The server with the README's mount and this checkout's package (`dist/main.js`). */
  readonly mountedServerDirectory: string;
  /** The glue the mount needed beyond the README's lines, as printed. */
  readonly mountGlue: readonly string[];
  readonly mountedInSeconds: number;
}

const DEFAULT_ARCHIVE = join('shared', 'docmost', 'gitmost-fcf1fdec.tar.gz');

/**
 * DOCMOST_SOURCE, or the pinned archive beside the checkout (`../shared/docmost/`); from a git
 * worktree, beside the repository's main checkout too.
 */
export function docmostSource(): string {
  if (process.env.DOCMOST_SOURCE) return resolve(process.env.DOCMOST_SOURCE);
  const beside = join(CHECKOUT_ROOT, '..', DEFAULT_ARCHIVE);
  if (existsSync(beside)) return beside;
  try {
    const common = execFileSync(
      'git',
      ['rev-parse', '--path-format=absolute', '--git-common-dir'],
      {
        cwd: CHECKOUT_ROOT,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    ).trim();
    const besideMain = join(dirname(common), '..', DEFAULT_ARCHIVE);
    if (existsSync(besideMain)) return besideMain;
  } catch {
    // Not a git checkout: the default beside it is all there is.
  }
  return beside;
}

export function cacheRoot(): string {
  return resolve(
    process.env.DOCMOST_CACHE ?? join(homedir(), '.cache', 'docmost-ai-tools'),
  );
}

/** A directory's files (paths, sizes, times), its dependencies and builds left out. */
function directoryFingerprint(directory: string): string {
  const hash = createHash('sha256');
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (['node_modules', 'dist', 'build', '.git'].includes(entry.name))
        continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) {
        const stats = statSync(path);
        hash.update(
          `${relative(directory, path)}\0${stats.size}\0${stats.mtimeMs}\n`,
        );
      }
    }
  };
  walk(directory);
  return hash.digest('hex');
}

function sourceKey(source: string): string {
  const hash = createHash('sha256');
  if (statSync(source).isDirectory())
    hash.update(`directory\0${directoryFingerprint(source)}`);
  else hash.update(readFileSync(source));
  hash.update(`install recipe ${INSTALL_RECIPE}`);
  return hash.digest('hex').slice(0, 16);
}

/** Docmost's install for this source: reused when prepared before, made otherwise. */
export async function prepareDocmostInstall(): Promise<DocmostInstall> {
  const source = docmostSource();
  if (!existsSync(source))
    throw new Error(
      `DOCMOST_SOURCE ${source} does not exist: set it to a Docmost checkout or a .tar.gz of one`,
    );
  const cache = cacheRoot();
  const directory = join(cache, sourceKey(source));
  const root = join(directory, 'docmost');
  const marker = join(directory, 'prepared.json');
  const logFile = join(directory, 'prepare.log');
  if (existsSync(marker)) return reusedInstall(marker, source, root);
  // Two runs preparing the same source at once (two checkouts sharing the cache): the second
  // waits for the first, then reuses what it prepared.
  return withCacheLock(
    `${directory}.lock`,
    `Docmost's install from ${source}`,
    async () =>
      existsSync(marker)
        ? reusedInstall(marker, source, root)
        : coldInstall(source, cache, directory),
    { report: say },
  );
}

function reusedInstall(
  marker: string,
  source: string,
  root: string,
): DocmostInstall {
  const install = JSON.parse(readFileSync(marker, 'utf8')) as DocmostInstall;
  say(
    `Docmost ${install.version} (${install.commit ?? source}): prepared install reused from ${root}`,
  );
  for (const line of install.adaptations) sayAdaptation(line);
  return { ...install, preparedInSeconds: undefined };
}

/** The install made anew, under the lock. */
async function coldInstall(
  source: string,
  cache: string,
  directory: string,
): Promise<DocmostInstall> {
  const root = join(directory, 'docmost');
  const marker = join(directory, 'prepared.json');
  const logFile = join(directory, 'prepare.log');
  const started = Date.now();
  rmSync(directory, { recursive: true, force: true });
  mkdirSync(directory, { recursive: true });
  say(
    `preparing Docmost from ${source} in ${directory} (a cold install; later runs reuse it)`,
  );
  placeSource(source, root, logFile);
  const { version, name: rootName } = JSON.parse(
    readFileSync(join(root, 'package.json'), 'utf8'),
  ) as { version: string; name: string };
  const adaptations = [
    ...overrideMissingAudioPackage(root),
    ...pageEmbeddingsWithoutPgvector(root),
  ];
  const polyfill = promiseWithResolversPreload(directory);
  adaptations.push(...polyfill.adaptations);
  for (const line of adaptations) sayAdaptation(line);

  const pnpm = await packageManager(root, cache, logFile);
  const pnpmStep = (title: string, args: string[]) =>
    runStep(title, {
      command: pnpm.command,
      args: [...pnpm.prefix, ...args],
      cwd: root,
      env: { ...process.env, CI: 'true' },
      logFile,
    });
  await pnpmStep("installing Docmost's server dependencies", [
    'install',
    '--no-frozen-lockfile',
    '--store-dir',
    join(cache, 'pnpm-store'),
    '--filter',
    'server...',
    '--filter',
    '@docmost/editor-ext...',
    '--filter',
    rootName,
  ]);
  await pnpmStep('building @docmost/editor-ext', [
    '--filter',
    '@docmost/editor-ext',
    'build',
  ]);
  await pnpmStep('building @docmost/mcp', [
    '--filter',
    '@docmost/mcp',
    'build',
  ]);
  await pnpmStep("building Docmost's server as it comes (nest build)", [
    '--filter',
    'server',
    'build',
  ]);
  const install: DocmostInstall = {
    source,
    commit: sourceCommit(source),
    version,
    root,
    plainServerDirectory: join(root, 'apps', 'server'),
    preloads: polyfill.preload === undefined ? [] : [polyfill.preload],
    adaptations,
    logFile,
    preparedInSeconds: Math.round((Date.now() - started) / 1000),
  };
  writeFileSync(marker, `${JSON.stringify(install, null, 2)}\n`);
  say(`Docmost's install prepared in ${install.preparedInSeconds} s`);
  return install;
}

/**
 * This run's server: a fresh copy of Docmost's `apps/server` (its dependencies linked from the
 * install), this checkout's package from `npm pack`, the README's mount, `nest build`. One per
 * checkout, so two checkouts sharing the cache do not overwrite each other's.
 */
export async function prepareMountedServer(
  install: DocmostInstall,
): Promise<PreparedDocmost> {
  const started = Date.now();
  const checkoutKey = createHash('sha256')
    .update(CHECKOUT_ROOT)
    .digest('hex')
    .slice(0, 8);
  const serverDirectory = join(
    install.root,
    'apps',
    `server-mounted-${checkoutKey}`,
  );
  rmSync(serverDirectory, { recursive: true, force: true });
  cpSync(install.plainServerDirectory, serverDirectory, {
    recursive: true,
    filter: (path) =>
      !['node_modules', 'dist', 'tsconfig.tsbuildinfo'].includes(
        basename(path),
      ) || path === install.plainServerDirectory,
  });
  for (const line of recordAuditEvents(serverDirectory)) sayAdaptation(line);
  // Docmost's dependencies, linked entry by entry (so the package can be added beside them).
  const modules = join(serverDirectory, 'node_modules');
  mkdirSync(modules);
  const plainModules = join(install.plainServerDirectory, 'node_modules');
  for (const entry of readdirSync(plainModules))
    execFileSync('ln', ['-s', join(plainModules, entry), join(modules, entry)]);
  await installPackedCheckout({
    checkoutRoot: CHECKOUT_ROOT,
    modules,
    scratchParent: dirname(install.root),
    logFile: install.logFile,
  });
  const mountGlue = await buildMountedServer({
    serverDirectory,
    readmeFile: join(CHECKOUT_ROOT, 'README.md'),
    logFile: install.logFile,
  });
  const mountedInSeconds = Math.round((Date.now() - started) / 1000);
  say(
    `the mounted server is built in ${mountedInSeconds} s: ${serverDirectory}`,
  );
  return {
    ...install,
    mountedServerDirectory: serverDirectory,
    mountGlue,
    mountedInSeconds,
  };
}

export async function prepareDocmost(): Promise<PreparedDocmost> {
  return prepareMountedServer(await prepareDocmostInstall());
}

if (require.main === module) {
  const onlyInstall = process.argv.includes('--install-only');
  (onlyInstall ? prepareDocmostInstall() : prepareDocmost()).then(
    (prepared) => process.stdout.write(`${JSON.stringify(prepared)}\n`),
    (error: unknown) => {
      process.stderr.write(
        `[docmost] ${error instanceof Error ? error.message : String(error)}\n`,
      );
      process.exitCode = 1;
    },
  );
}
