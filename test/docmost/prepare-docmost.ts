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
import { docmostPnpm, placeSource, sourceCommit } from './docmost-source';
import {
  installPackedCheckout,
  packCheckout,
  type PackedCheckout,
} from './install-packed-checkout';
import { buildMountedServer } from './readme-mount';
import { say, sayAdaptation } from './run-step';
import { removeStaleCheckoutCopies } from './stale-checkout-copies';

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

/** Where this checkout's own things go in the cache (its mounted server, its pack). */
export function checkoutKey(): string {
  return createHash('sha256').update(CHECKOUT_ROOT).digest('hex').slice(0, 8);
}

/** The source, and its folder in the cache (the install, the client's install and builds). */
export interface SourceInCache {
  readonly source: string;
  readonly directory: string;
}

/** DOCMOST_SOURCE (it must exist) and its folder in the cache, keyed by its content. */
export function sourceInCache(): SourceInCache {
  const source = docmostSource();
  if (!existsSync(source))
    throw new Error(
      `DOCMOST_SOURCE ${source} does not exist: set it to a Docmost checkout or a .tar.gz of one`,
    );
  return { source, directory: join(cacheRoot(), sourceKey(source)) };
}

/** Docmost's install for this source: reused when prepared before, made otherwise. */
export async function prepareDocmostInstall(
  { source, directory }: SourceInCache = sourceInCache(),
): Promise<DocmostInstall> {
  const cache = cacheRoot();
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
  // Only the install's own files: the client's install beside it may be under way (the runner
  // starts it at the same time), and this checkout's pack is being made there.
  rmSync(root, { recursive: true, force: true });
  rmSync(marker, { force: true });
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

  const pnpm = await docmostPnpm(root, cache, logFile);
  await pnpm.install("installing Docmost's server dependencies", [
    'server...',
    '@docmost/editor-ext...',
    rootName,
  ]);
  await pnpm.step('building @docmost/editor-ext', [
    '--filter',
    '@docmost/editor-ext',
    'build',
  ]);
  await pnpm.step('building @docmost/mcp', [
    '--filter',
    '@docmost/mcp',
    'build',
  ]);
  await pnpm.step("building Docmost's server as it comes (nest build)", [
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
 * checkout, so two checkouts sharing the cache do not overwrite each other's. The copy starts
 * from the plain build's output (`dist`, with the `tsconfig.build.tsbuildinfo` of Docmost's own
 * `incremental: true`), so its `nest build` checks and emits what the mount changed, and what
 * depends on it, rather than all of Docmost again (readme-mount.ts).
 */
export async function prepareMountedServer(
  install: DocmostInstall,
  packed: PackedCheckout,
): Promise<PreparedDocmost> {
  const started = Date.now();
  const serverDirectory = join(
    install.root,
    'apps',
    `server-mounted-${checkoutKey()}`,
  );
  rmSync(serverDirectory, { recursive: true, force: true });
  cpSync(install.plainServerDirectory, serverDirectory, {
    recursive: true,
    filter: (path) =>
      basename(path) !== 'node_modules' ||
      path === install.plainServerDirectory,
  });
  for (const line of recordAuditEvents(serverDirectory)) sayAdaptation(line);
  // Docmost's dependencies, linked entry by entry (so the package can be added beside them).
  const modules = join(serverDirectory, 'node_modules');
  mkdirSync(modules);
  const plainModules = join(install.plainServerDirectory, 'node_modules');
  for (const entry of readdirSync(plainModules))
    execFileSync('ln', ['-s', join(plainModules, entry), join(modules, entry)]);
  installPackedCheckout(packed, modules);
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

/**
 * Docmost's install (cached) and this run's mounted server. This checkout's `npm pack` is made
 * while Docmost installs (the one mostly waits on the registry and the disk, the other builds),
 * in `packed-<checkout>/` beside the install; `whenPacked` is told it as soon as it is made (the
 * runner starts the client's build from it).
 */
export async function prepareDocmost(
  whenPacked?: (packed: PackedCheckout, inCache: SourceInCache) => void,
): Promise<PreparedDocmost> {
  const inCache = sourceInCache();
  mkdirSync(inCache.directory, { recursive: true });
  const packing = packCheckout({
    checkoutRoot: CHECKOUT_ROOT,
    target: join(inCache.directory, `packed-${checkoutKey()}`),
    logFile: join(inCache.directory, 'prepare.log'),
  });
  const installing = prepareDocmostInstall(inCache);
  // Once the install has failed the run is over: a pack finished after that starts no client
  // build, and both halves are awaited before the failure is reported, so nothing of this run
  // keeps working after its report is written.
  let installFailed = false;
  installing.catch(() => {
    installFailed = true;
  });
  if (whenPacked !== undefined)
    packing.then(
      (packed) => {
        if (!installFailed) whenPacked(packed, inCache);
      },
      () => undefined,
    );
  const [install, packed] = await Promise.allSettled([installing, packing]);
  if (install.status === 'rejected') throw install.reason;
  if (packed.status === 'rejected') throw packed.reason;
  const removed = removeStaleCheckoutCopies(
    [
      {
        directory: join(install.value.root, 'apps'),
        prefix: 'server-mounted-',
      },
      { directory: inCache.directory, prefix: 'packed-' },
    ],
    { ownKey: checkoutKey() },
  );
  if (removed.length > 0)
    say(
      `removed ${removed.length} copies other checkouts left in the cache a day or more ago`,
    );
  return prepareMountedServer(install.value, packed.value);
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
