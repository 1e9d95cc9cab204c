/**
 * Docmost's web client with the README's lines for it (client-mount.ts), built as Docmost builds
 * it (`apps/client`'s `build`: its VAD assets, `tsc`, `vite build`), its `tsc` narrowed to the
 * page the lines are in (type-check-file.ts), and served by Docmost's own server (its
 * StaticModule serves `../../../../client/dist` from its built files).
 *
 * Both halves are cached beside Docmost's install, outside the checkout: the client's install
 * (per source) and each build, keyed by the source, the package's client entry as `npm pack`
 * made it, and the README's client lines; a warm run copies the build. A README line that does
 * not compile fails the build naming the line.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { withCacheLock } from './cache-lock';
import {
  AI_SETTINGS_PAGE,
  clientReadmeBlocks,
  mountClientLines,
} from './client-mount';
import { overrideMissingAudioPackage } from './docmost-adaptations';
import { explainCompilerErrors } from './generated-source';
import { docmostPnpm, placeSource } from './docmost-source';
import {
  cacheRoot,
  CHECKOUT_ROOT,
  checkoutKey,
  type PreparedDocmost,
  type SourceInCache,
} from './prepare-docmost';
import { runStep, say, sayAdaptation, StepFailure } from './run-step';

/** Raise it when the client's install or build steps change, so cached ones are made anew. */
const CLIENT_RECIPE = 1;

/** Old builds kept besides the newest (each is tens of megabytes). */
const BUILDS_KEPT = 3;

export interface BuiltClient {
  /** The built client (`index.html`, `assets/`), in the cache: copy it, never serve it in place. */
  readonly distDirectory: string;
  /** The build's time when this run built it; undefined when a cached build was reused. */
  readonly builtInSeconds?: number;
  /** The client install's time when this run made it; undefined when reused. */
  readonly installedInSeconds?: number;
  /** What the mount did beyond the README's lines, as printed. */
  readonly glue: readonly string[];
}

/** What the client is built from: the source (and its folder in the cache), and the package. */
export interface ClientInputs extends SourceInCache {
  /** `docmost-ai-tools` as this checkout's `npm pack` made it. */
  readonly packageDirectory: string;
}

/** The client's inputs of a prepared Docmost: the package as its mounted server has it. */
export function clientInputs(prepared: PreparedDocmost): ClientInputs {
  return {
    source: prepared.source,
    directory: dirname(prepared.root),
    packageDirectory: join(
      prepared.mountedServerDirectory,
      'node_modules',
      'docmost-ai-tools',
    ),
  };
}

/** Every file under `directory` (content and path), for a cache key. */
function hashFiles(hash: ReturnType<typeof createHash>, directory: string) {
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort(
      (a, b) => a.name.localeCompare(b.name),
    )) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) {
        hash.update(`${relative(directory, path)}\0`);
        hash.update(readFileSync(path));
      }
    }
  };
  walk(directory);
}

/** Docmost's client install for this source: `client...` and the root, and editor-ext built. */
export async function prepareClientInstall(
  inCache: SourceInCache,
): Promise<{ root: string; logFile: string; installedInSeconds?: number }> {
  const directory = join(inCache.directory, 'client-install');
  const root = join(directory, 'docmost');
  const marker = join(directory, 'prepared.json');
  const logFile = join(directory, 'prepare.log');
  if (existsSync(marker)) return { root, logFile };
  return withCacheLock(
    `${directory}.lock`,
    `Docmost's client install from ${inCache.source}`,
    async () => {
      if (existsSync(marker)) return { root, logFile };
      const started = Date.now();
      rmSync(directory, { recursive: true, force: true });
      mkdirSync(directory, { recursive: true });
      say(
        `preparing Docmost's client install in ${directory} (cold; later runs reuse it)`,
      );
      placeSource(inCache.source, root, logFile);
      for (const line of overrideMissingAudioPackage(root)) sayAdaptation(line);
      const rootName = (
        JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
          name: string;
        }
      ).name;
      const pnpm = await docmostPnpm(root, cacheRoot(), logFile);
      await pnpm.install("installing Docmost's client dependencies", [
        'client...',
        rootName,
      ]);
      await pnpm.step('building @docmost/editor-ext (for the client)', [
        '--filter',
        '@docmost/editor-ext',
        'build',
      ]);
      const installedInSeconds = Math.round((Date.now() - started) / 1000);
      writeFileSync(marker, `${JSON.stringify({ installedInSeconds })}\n`);
      say(`Docmost's client install prepared in ${installedInSeconds} s`);
      return { root, logFile, installedInSeconds };
    },
    { report: say },
  );
}

/** Runs a script of the client's own (its VAD assets', vite) with Node, in `cwd`. */
function clientTool(
  cwd: string,
  script: string,
  args: string[],
  logFile: string,
) {
  return {
    command: process.execPath,
    args: [join(cwd, script), ...args],
    cwd,
    logFile,
  };
}

/**
 * Builds the client with the README's lines in a copy of `apps/client` (its dependencies linked
 * from the install, the package copied in), and moves its `dist` to `target`.
 */
async function buildClient(
  installRoot: string,
  packaged: string,
  readmeFile: string,
  target: string,
  logFile: string,
): Promise<string[]> {
  const plain = join(installRoot, 'apps', 'client');
  const copy = join(installRoot, 'apps', `client-mounted-${checkoutKey()}`);
  rmSync(copy, { recursive: true, force: true });
  cpSync(plain, copy, {
    recursive: true,
    filter: (path) =>
      !['node_modules', 'dist'].includes(basename(path)) || path === plain,
  });
  try {
    const modules = join(copy, 'node_modules');
    mkdirSync(modules);
    for (const entry of readdirSync(join(plain, 'node_modules')))
      execFileSync('ln', [
        '-s',
        join(plain, 'node_modules', entry),
        join(modules, entry),
      ]);
    // The same package the server has, from this checkout's `npm pack`; its own dependencies
    // are the server's, which the client entry never loads.
    cpSync(packaged, join(modules, 'docmost-ai-tools'), {
      recursive: true,
      filter: (path) => basename(path) !== 'node_modules' || path === packaged,
    });
    const page = mountClientLines(
      readFileSync(join(copy, AI_SETTINGS_PAGE), 'utf8'),
      clientReadmeBlocks(readmeFile),
    );
    writeFileSync(join(copy, AI_SETTINGS_PAGE), page.text);
    await runStep(
      "copying the client's VAD assets (its build script's first step)",
      clientTool(copy, 'scripts/copy-vad-assets.mjs', [], logFile),
    );
    try {
      await runStep(
        `type-checking the README's lines in Docmost's client (${AI_SETTINGS_PAGE} in its tsc program)`,
        {
          command: process.execPath,
          args: [
            '-r',
            require.resolve('ts-node/register/transpile-only'),
            join(__dirname, 'type-check-file.ts'),
            copy,
            AI_SETTINGS_PAGE,
          ],
          // This checkout's ts-node, with this checkout's tsconfig (the client's is ESM).
          cwd: CHECKOUT_ROOT,
          logFile,
        },
      );
    } catch (error) {
      if (!(error instanceof StepFailure)) throw error;
      const explained = explainCompilerErrors(error.output, [page]);
      if (explained.length === 0) throw error;
      throw new Error(
        `the README's client lines do not compile in Docmost's client:\n${explained.map((line) => `  ${line}`).join('\n')}`,
        { cause: error },
      );
    }
    await runStep(
      "building Docmost's client (vite build)",
      clientTool(copy, 'node_modules/vite/bin/vite.js', ['build'], logFile),
    );
    mkdirSync(dirname(target), { recursive: true });
    renameSync(join(copy, 'dist'), target);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
  return [
    `${AI_SETTINGS_PAGE}: the README's imports and transport after Docmost's imports, its section after <McpSettings />`,
    `apps/client/node_modules/docmost-ai-tools: this checkout's npm pack (the server's copy), in place of \`pnpm --filter client add docmost-ai-tools\`; its peers are the client's own`,
  ];
}

/** Removes all but the newest builds (never a lock, nor one being taken). */
function pruneBuilds(builds: string, keep: string): void {
  const others = readdirSync(builds)
    .filter((name) => /^[0-9a-f]{16}$/.test(name) && name !== keep)
    .map((name) => ({ name, time: statSync(join(builds, name)).mtimeMs }))
    .sort((a, b) => b.time - a.time);
  for (const { name } of others.slice(BUILDS_KEPT - 1))
    rmSync(join(builds, name), { recursive: true, force: true });
}

/** The client built with the README's lines: reused from the cache, or built and cached. */
export async function prepareClient(
  inputs: ClientInputs,
  readmeFile = join(CHECKOUT_ROOT, 'README.md'),
): Promise<BuiltClient> {
  const packaged = inputs.packageDirectory;
  const key = createHash('sha256');
  key.update(`recipe ${CLIENT_RECIPE}\0source ${basename(inputs.directory)}\0`);
  key.update(readFileSync(join(packaged, 'package.json')));
  hashFiles(key, join(packaged, 'dist', 'client'));
  for (const block of clientReadmeBlocks(readmeFile))
    key.update(block.lines.map((line) => line.text).join('\n'));
  const buildKey = key.digest('hex').slice(0, 16);
  const builds = join(inputs.directory, 'client-builds');
  const directory = join(builds, buildKey);
  const distDirectory = join(directory, 'dist');
  const marker = join(directory, 'built.json');
  const install = await prepareClientInstall(inputs);
  const reuse = (): BuiltClient => {
    const { glue } = JSON.parse(readFileSync(marker, 'utf8')) as {
      glue: string[];
    };
    say(
      `Docmost's client with the README's lines: cached build ${buildKey} reused`,
    );
    return {
      distDirectory,
      glue,
      installedInSeconds: install.installedInSeconds,
    };
  };
  if (existsSync(marker)) return reuse();
  return withCacheLock(
    `${directory}.lock`,
    `Docmost's client build ${buildKey}`,
    async () => {
      if (existsSync(marker)) return reuse();
      const started = Date.now();
      rmSync(directory, { recursive: true, force: true });
      const glue = await buildClient(
        install.root,
        packaged,
        readmeFile,
        distDirectory,
        install.logFile,
      );
      for (const line of glue) say(`  glue: ${line}`);
      const builtInSeconds = Math.round((Date.now() - started) / 1000);
      writeFileSync(marker, `${JSON.stringify({ glue, builtInSeconds })}\n`);
      pruneBuilds(builds, buildKey);
      say(
        `Docmost's client built in ${builtInSeconds} s (cached as ${buildKey})`,
      );
      return {
        distDirectory,
        glue,
        builtInSeconds,
        installedInSeconds: install.installedInSeconds,
      };
    },
    { report: say },
  );
}

/**
 * A server directory that serves `client`: Docmost's StaticModule serves the client from
 * `../../../../client/dist` of its own built file, so the mounted server's `dist` is copied
 * into `<tree>/server` (its `node_modules` linked) beside a copy of the build at
 * `<tree>/client/dist` (the server writes its `index.html`). The other checks' servers serve no
 * client, as before. Returns the server directory and a cleanup.
 */
export function serveClientTree(
  prepared: PreparedDocmost,
  client: BuiltClient,
): { serverDirectory: string; remove: () => void } {
  const tree = mkdtempSync(join(prepared.root, 'apps', 'served-client-'));
  const server = join(tree, 'server');
  mkdirSync(server);
  cpSync(join(prepared.mountedServerDirectory, 'dist'), join(server, 'dist'), {
    recursive: true,
  });
  cpSync(
    join(prepared.mountedServerDirectory, 'package.json'),
    join(server, 'package.json'),
  );
  execFileSync('ln', [
    '-s',
    join(prepared.mountedServerDirectory, 'node_modules'),
    join(server, 'node_modules'),
  ]);
  cpSync(client.distDirectory, join(tree, 'client', 'dist'), {
    recursive: true,
  });
  return {
    serverDirectory: server,
    remove: () => rmSync(tree, { recursive: true, force: true }),
  };
}
