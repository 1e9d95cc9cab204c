import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../src';
import { authenticateBearer } from './authenticate-bearer';
import type { AuthenticatedUser } from './authenticated-user';
import { AuthenticationError } from './authentication-error';

/** Methods whose requests carry a body; every route of this host that takes one needs a token. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The one public route that is a POST: the web app's sign-in picker (`POST
 * /api/web/sign-in/<userId>`, answered only on loopback). It takes no body, and a request to it
 * that brings one is checked like any other.
 */
const PUBLIC_BODYLESS_ROUTE = /^\/api\/web\/sign-in\/[^/?]+(\?|$)/;

function bringsBody(request: FastifyRequest): boolean {
  const length = Number(request.headers['content-length'] ?? 0);
  return length > 0 || request.headers['transfer-encoding'] !== undefined;
}

/** Where the hook leaves the caller it resolved, so the guard does not look the token up again. */
export const AUTHENTICATED_BEFORE_BODY = Symbol('authenticatedBeforeBody');

export type RequestAuthenticatedBeforeBody = FastifyRequest & {
  [AUTHENTICATED_BEFORE_BODY]?: AuthenticatedUser;
};

/**
 * Checks the bearer token of every request with a body before Fastify reads it: Nest's guards
 * run after the body is parsed, so an anonymous client could otherwise make the server read and
 * parse 10 MB bodies for free. A refused request gets the guard's 401, and its body is never
 * read.
 */
export function authenticateBeforeBody(
  fastify: FastifyInstance,
  db: Kysely<DB>,
): void {
  fastify.addHook(
    'onRequest',
    async (request: FastifyRequest, reply: FastifyReply) => {
      if (!BODY_METHODS.has(request.method)) return;
      if (PUBLIC_BODYLESS_ROUTE.test(request.url) && !bringsBody(request))
        return;
      try {
        (request as RequestAuthenticatedBeforeBody)[AUTHENTICATED_BEFORE_BODY] =
          await authenticateBearer(db, request.headers.authorization);
      } catch (error) {
        if (!(error instanceof AuthenticationError)) throw error;
        // The body stays unread; the connection is not reused for it.
        await reply.code(401).header('connection', 'close').send({
          statusCode: 401,
          error: 'Unauthorized',
          message: error.message,
        });
      }
    },
  );
}
