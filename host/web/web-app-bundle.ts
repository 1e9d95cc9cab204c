import { existsSync, readdirSync, statSync } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** The repository (or installed) root: the nearest folder upward with a package.json. */
function packageRoot(): string {
  let folder = __dirname;
  while (!existsSync(join(folder, 'package.json'))) {
    const parent = dirname(folder);
    if (parent === folder) throw new Error('no package.json above the host');
    folder = parent;
  }
  return folder;
}

/** Where the web app's sources are (host/web/app) and where its bundle goes (dist-web). */
export const WEB_APP_SOURCES = join(packageRoot(), 'host', 'web', 'app');
export const WEB_APP_BUNDLE = join(packageRoot(), 'dist-web');
/** The package's client entry (`docmost-ai-tools/client`), which the web app bundles too. */
const CLIENT_ENTRY_SOURCES = join(packageRoot(), 'client');

/** The files the bundle consists of, all served from `WEB_APP_BUNDLE`. */
export const WEB_APP_FILES = ['index.html', 'app.js', 'app.css'] as const;

function newestSourceTime(folder: string): number {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    newest = Math.max(
      newest,
      entry.isDirectory() ? newestSourceTime(path) : statSync(path).mtimeMs,
    );
  }
  return newest;
}

/** Whether the bundle is missing or older than a source file (there are sources to build from). */
export function webAppBundleIsStale(): boolean {
  if (!existsSync(WEB_APP_SOURCES)) return false;
  const built = WEB_APP_FILES.map((file) => join(WEB_APP_BUNDLE, file));
  if (!built.every((file) => existsSync(file))) return true;
  const oldest = Math.min(...built.map((file) => statSync(file).mtimeMs));
  const sources = [WEB_APP_SOURCES, CLIENT_ENTRY_SOURCES].filter(existsSync);
  return Math.max(...sources.map(newestSourceTime)) > oldest;
}

/**
 * Bundles the web app with esbuild (React, Tiptap, the Hocuspocus provider, the AI SDK's chat
 * hook) into `WEB_APP_BUNDLE`: built in a folder of its own, then each file moved into place
 * (a rename replaces a file atomically), so a server never serves half a file, and two builds
 * at once (test servers starting together) only replace files with equal ones.
 */
export async function buildWebApp(): Promise<void> {
  // Required here: esbuild is a development tool, absent where only a built host runs.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const esbuild = require('esbuild') as typeof import('esbuild');
  const staging = `${WEB_APP_BUNDLE}.${process.pid}.${Date.now()}`;
  await mkdir(staging, { recursive: true });
  try {
    await esbuild.build({
      entryPoints: { app: join(WEB_APP_SOURCES, 'main.tsx') },
      outdir: staging,
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      jsx: 'automatic',
      minify: true,
      sourcemap: 'linked',
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'error',
    });
    await copyFile(
      join(WEB_APP_SOURCES, 'index.html'),
      join(staging, 'index.html'),
    );
    await mkdir(WEB_APP_BUNDLE, { recursive: true });
    // The page last: it names the others, which are in place by then.
    const files = (await readdir(staging)).sort((a, b) =>
      a === 'index.html' ? 1 : b === 'index.html' ? -1 : a.localeCompare(b),
    );
    for (const file of files)
      await rename(join(staging, file), join(WEB_APP_BUNDLE, file));
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
