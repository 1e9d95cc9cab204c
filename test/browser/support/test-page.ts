import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'esbuild';
import type { BrowserContext } from 'playwright-core';
import { escapeRegExp } from '../../../src/ground';

const TEST_PAGES = join(__dirname, '..', 'test-pages');

/**
 * The libraries a test page is bundled with: the repository's own (React 19.2, the reference
 * web app's), or those of the Docmost fork's client at 0.94.0 (React 18.3.1), kept in their own
 * workspace, test/browser/docmost-0.94-client.
 */
export type TestPageStack = 'repository' | 'docmost-0.94';

const DOCMOST_094_CLIENT = join(__dirname, '..', 'docmost-0.94-client');

/**
 * Resolves every import of the Docmost 0.94 stack's libraries (react, react-dom, @mantine/core,
 * ... and their subpaths), from whichever file, from that stack's folder: the package's client
 * sources and Mantine's own files then load React 18 too, one copy of it in the bundle. What
 * those libraries import themselves (react-dom's scheduler) resolves from where they are.
 */
function docmost094ClientStack(): Plugin {
  const manifest = JSON.parse(
    readFileSync(join(DOCMOST_094_CLIENT, 'package.json'), 'utf8'),
  ) as { devDependencies: Record<string, string> };
  const names = Object.keys(manifest.devDependencies).map(escapeRegExp);
  const filter = new RegExp(`^(${names.join('|')})(/.*)?$`);
  return {
    name: 'docmost-0.94-client-stack',
    setup(build) {
      build.onResolve({ filter }, (args) =>
        // The stack's own resolution (below) comes back through here: let esbuild finish it.
        args.resolveDir === DOCMOST_094_CLIENT
          ? undefined
          : build.resolve(args.path, {
              kind: args.kind,
              resolveDir: DOCMOST_094_CLIENT,
            }),
      );
    },
  };
}

/** One of test/browser/test-pages bundled as the web app is bundled (esbuild, ES module). */
export interface BundledTestPage {
  readonly js: string;
  readonly css: string;
}

export interface BundleTestPageOptions {
  /** The libraries the page is bundled with. Default `'repository'`. */
  readonly stack?: TestPageStack;
}

export async function bundleTestPage(
  name: string,
  { stack = 'repository' }: BundleTestPageOptions = {},
): Promise<BundledTestPage> {
  // Loaded here: esbuild is a development tool, as in host/web/web-app-bundle.ts.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const esbuild = require('esbuild') as typeof import('esbuild');
  const result = await esbuild.build({
    entryPoints: { page: join(TEST_PAGES, `${name}.tsx`) },
    outdir: '/virtual',
    write: false,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: stack === 'docmost-0.94' ? [docmost094ClientStack()] : [],
    logLevel: 'error',
  });
  const file = (extension: string) =>
    result.outputFiles.find((output) => output.path.endsWith(extension))
      ?.text ?? '';
  return { js: file('.js'), css: file('.css') };
}

/**
 * Serves `page` at `<baseUrl>/test-pages/<name>` in `context`, so that it is on the host's own
 * origin and its requests to `/api/...` reach the real host unchanged; only these three
 * addresses are answered by the test.
 */
export async function serveTestPage(
  context: BrowserContext,
  baseUrl: string,
  name: string,
  page: BundledTestPage,
): Promise<string> {
  const root = `${baseUrl}/test-pages/${name}`;
  await context.route(`${root}`, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${name}</title><link rel="stylesheet" href="${root}/page.css"></head><body><div id="root"></div><script type="module" src="${root}/page.js"></script></body></html>`,
    }),
  );
  await context.route(`${root}/page.js`, (route) =>
    route.fulfill({
      contentType: 'text/javascript; charset=utf-8',
      body: page.js,
    }),
  );
  await context.route(`${root}/page.css`, (route) =>
    route.fulfill({ contentType: 'text/css; charset=utf-8', body: page.css }),
  );
  return root;
}
