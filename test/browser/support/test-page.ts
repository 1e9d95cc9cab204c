import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';

const TEST_PAGES = join(__dirname, '..', 'test-pages');

/** One of test/browser/test-pages bundled as the web app is bundled (esbuild, ES module). */
export interface BundledTestPage {
  readonly js: string;
  readonly css: string;
}

export async function bundleTestPage(name: string): Promise<BundledTestPage> {
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
