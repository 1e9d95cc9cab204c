import { execFile } from 'node:child_process';
import { builtinModules } from 'node:module';
import {
  cp,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  symlink,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export const REPOSITORY_ROOT = join(__dirname, '..', '..', '..');
const REPOSITORY_MODULES = join(REPOSITORY_ROOT, 'node_modules');
const APP_SOURCES = join(__dirname, '..', 'app');
const TSC = join(REPOSITORY_MODULES, 'typescript', 'bin', 'tsc');

/**
 * What the consumer app itself depends on besides the package's own dependencies and peers: the
 * pieces of Docmost's server it is shaped like, and Node's types for compiling it.
 */
export const APP_OWN_DEPENDENCIES = [
  'nestjs-kysely',
  'kysely-postgres-js',
  '@nestjs/platform-fastify',
  '@types/node',
] as const;

/**
 * Packages the app gets at another version than the repository's own, by the repository's
 * alias holding that version: `ai` at the lowest release the peer range claims (the
 * repository's tests run on the newest), so a feature missing from it shows up here.
 */
export const APP_VERSION_ALIASES: Readonly<Record<string, string>> = {
  ai: 'ai-lowest',
};

export interface PackedPackageJson {
  readonly name: string;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly peerDependencies?: Readonly<Record<string, string>>;
}

export interface ConsumerApp {
  /** The app's root, under the OS temp directory, outside the repository. */
  readonly directory: string;
  /** Paths inside the tarball, as `npm pack` lists them. */
  readonly packedFiles: readonly string[];
  /** The package.json inside the tarball. */
  readonly packageJson: PackedPackageJson;
  /** Names linked into the app's node_modules besides the package itself. */
  readonly linkedModules: readonly string[];
}

export interface CommandResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a command to its end; a non-zero exit is a result, not an exception. */
export function run(
  command: string,
  args: readonly string[],
  cwd: string,
): Promise<CommandResult> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { cwd, maxBuffer: 64 * 1024 * 1024, env: process.env },
      (error, stdout, stderr) => {
        const code =
          error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

function failure(what: string, result: CommandResult): Error {
  return new Error(
    `${what} failed (exit ${result.code}):\n${result.stdout}\n${result.stderr}`.trim(),
  );
}

/** `npm pack` of the repository (its prepack builds the package alone) into `destination`. */
async function pack(
  destination: string,
): Promise<{ tarball: string; files: string[] }> {
  const result = await run(
    'npm',
    ['pack', '--json', '--pack-destination', destination],
    REPOSITORY_ROOT,
  );
  if (result.code !== 0) throw failure('npm pack', result);
  // The JSON array is the last thing npm prints (the build's own output comes before it).
  const json = result.stdout.slice(result.stdout.lastIndexOf('\n[') + 1);
  const [packed] = JSON.parse(json) as {
    filename: string;
    files: { path: string }[];
  }[];
  return {
    tarball: join(destination, packed!.filename),
    files: packed!.files.map((file) => file.path),
  };
}

/**
 * The throwaway app: the tarball unpacked as real files in `node_modules/docmost-ai-tools`, and
 * beside it links to exactly the package's declared dependencies and peers plus the app's own
 * dependencies, so a module the package uses without declaring it cannot be found; the app's
 * sources copied in, not compiled yet.
 */
export async function assembleConsumerApp(): Promise<ConsumerApp> {
  const directory = await mkdtemp(join(tmpdir(), 'docmost-consumer-'));
  try {
    return await assembleIn(directory);
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
}

async function assembleIn(directory: string): Promise<ConsumerApp> {
  const { tarball, files } = await pack(directory);
  const modules = join(directory, 'app', 'node_modules');
  const installed = join(modules, 'docmost-ai-tools');
  await mkdir(installed, { recursive: true });
  const untar = await run(
    'tar',
    ['-xzf', tarball, '-C', installed, '--strip-components=1'],
    directory,
  );
  if (untar.code !== 0) throw failure('tar', untar);
  const packageJson = JSON.parse(
    await readFile(join(installed, 'package.json'), 'utf8'),
  ) as PackedPackageJson;
  const linkedModules = [
    ...new Set([
      ...Object.keys(packageJson.dependencies ?? {}),
      ...Object.keys(packageJson.peerDependencies ?? {}),
      ...APP_OWN_DEPENDENCIES,
    ]),
  ];
  for (const name of linkedModules) {
    const link = join(modules, name);
    await mkdir(dirname(link), { recursive: true });
    const target = APP_VERSION_ALIASES[name] ?? name;
    await symlink(join(REPOSITORY_MODULES, target), link, 'dir');
  }
  await cp(APP_SOURCES, join(directory, 'app'), { recursive: true });
  return { directory, packedFiles: files, packageJson, linkedModules };
}

/** Compiles the app's sources against the installed package's types; an error throws with tsc's output. */
export async function compileConsumerApp(app: ConsumerApp): Promise<void> {
  const compiled = await run(
    process.execPath,
    [TSC, '-p', 'tsconfig.json'],
    join(app.directory, 'app'),
  );
  if (compiled.code !== 0) throw failure('tsc (the consumer app)', compiled);
}

/** Every file under `directory`, as paths relative to it. */
async function listFiles(directory: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(join(directory, prefix), {
    withFileTypes: true,
  });
  const files: string[] = [];
  for (const entry of entries) {
    const path = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
    if (entry.isDirectory()) files.push(...(await listFiles(directory, path)));
    else files.push(path);
  }
  return files;
}

/** `@scope/name/sub` -> `@scope/name`, `name/sub` -> `name`. */
function packageNameOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

const BARE_SPECIFIER =
  /(?:require\(|from\s+|import\()\s*['"]([^'"./][^'"]*)['"]/g;
const BUILTINS = new Set(builtinModules);

/**
 * Packages the installed package's JavaScript requires and its declarations import, by file,
 * that are neither Node built-ins nor among its declared dependencies and peers.
 */
export async function undeclaredImports(
  app: ConsumerApp,
): Promise<Record<string, string[]>> {
  const installed = join(
    app.directory,
    'app',
    'node_modules',
    'docmost-ai-tools',
  );
  const declared = new Set([
    ...Object.keys(app.packageJson.dependencies ?? {}),
    ...Object.keys(app.packageJson.peerDependencies ?? {}),
  ]);
  const found: Record<string, string[]> = {};
  for (const file of await listFiles(installed)) {
    if (!file.endsWith('.js') && !file.endsWith('.d.ts')) continue;
    const text = await readFile(join(installed, file), 'utf8');
    for (const match of text.matchAll(BARE_SPECIFIER)) {
      const specifier = match[1]!;
      if (specifier.startsWith('node:') || BUILTINS.has(specifier)) continue;
      const name = packageNameOf(specifier);
      if (!declared.has(name)) (found[file] ??= []).push(specifier);
    }
  }
  return found;
}
