import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { WEB_APP_BUNDLE } from './web-app-bundle';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** A file name of the bundle: no folders, so no path can leave it. */
const ASSET_NAME = /^[a-z0-9-]+\.(js|css)(\.map)?$/;

/**
 * Serves the web app at `/` and its files at `/assets/<file>`, from the bundle `npm start` and
 * `npm run build:host` make. Public, as any sign-in page is: everything it shows comes from the
 * token-checked API. Raw Fastify routes, outside Nest's `/api` prefix and guards.
 */
export function serveWebApp(fastify: FastifyInstance): void {
  const headers = {
    // The app loads nothing from elsewhere: no third-party script, style, frame or image; and
    // its scripts are its own files only, never evaluated strings (no 'unsafe-eval').
    'content-security-policy':
      "default-src 'self'; script-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-cache',
  };
  fastify.get('/', async (_request, reply) => {
    const index = join(WEB_APP_BUNDLE, 'index.html');
    if (!existsSync(index))
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send(
          'The web app is not built: run `npm run build:host` (`npm start` builds it when its sources are here).',
        );
    return reply
      .headers(headers)
      .type(CONTENT_TYPES['.html']!)
      .send(await readFile(index));
  });
  fastify.get<{ Params: { file: string } }>(
    '/assets/:file',
    async (request, reply) => {
      const { file } = request.params;
      const path = join(WEB_APP_BUNDLE, file);
      if (!ASSET_NAME.test(file) || !existsSync(path))
        return reply.code(404).send({ statusCode: 404, message: 'not found' });
      return reply
        .headers(headers)
        .type(CONTENT_TYPES[file.slice(file.lastIndexOf('.'))]!)
        .send(await readFile(path));
    },
  );
}
