import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AdmissionGate, ToolError } from '../../src';
import { parseJsonInSlices } from './parse-json-in-slices';
import {
  AUTHENTICATED_BEFORE_BODY,
  type RequestAuthenticatedBeforeBody,
} from '../auth/authenticate-before-body';

/** From this many characters a JSON body is parsed in slices (`parseJsonInSlices`). */
export const LARGE_JSON_BODY_CHARS = 1024 * 1024;

type Done = (error: Error | null, body?: unknown) => void;

/**
 * JSON bodies of a megabyte or more (a whole document for `updatePageJson`, up to the 10 MB body
 * limit) are parsed one at a time, first come first served, each a slice at a time with the
 * event loop free in between (`parseJsonInSlices`): Fastify parses a body as soon as it has
 * arrived, so three 9 MB bodies arriving together were parsed back to back while every other
 * request waited behind all three, and one `JSON.parse` of 9 MB, with the garbage collection of
 * what it made, held the event loop up to ~250 ms. One user may have 4 large bodies waiting; one
 * more answers 429. Smaller bodies are parsed at once, as before, by Fastify's own parser;
 * prototype poisoning is refused by both.
 *
 * The body arrives as text, decoded chunk by chunk as it comes in: a body collected as bytes
 * was joined and decoded in the parse's own turn (~120 ms of the ~180 ms a 9 MB body held the
 * event loop). The host is created with Nest's body parser off (`bodyParser: false`), which
 * would register its own with the body as bytes; this host takes JSON bodies only.
 */
export function parseLargeJsonBodiesInTurn(fastify: FastifyInstance): void {
  // Fastify's built-in JSON parser gives way to one registered for the same type.
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: fastify.initialConfig.bodyLimit },
    largeJsonBodyParser(fastify.getDefaultJsonParser('error', 'error')),
  );
}

type BodyParser<Body> = (
  request: FastifyRequest,
  body: Body,
  done: Done,
) => void;

/**
 * The content-type parser of `parseLargeJsonBodiesInTurn`: small bodies through Fastify's own
 * `parse`, large ones through `parseLarge` (default `parseJsonInSlices`), one at a time.
 */
export function largeJsonBodyParser(
  parse: BodyParser<string>,
  parseLarge: (text: string) => Promise<unknown> = parseJsonInSlices,
): BodyParser<string> {
  const gate = new AdmissionGate({
    maxRunning: 1,
    runningPerUser: 1,
    maxPerUser: 4,
    maxQueueWaitMs: 30_000,
    what: 'large request bodies',
  });
  return (request, body, done) => {
    if (body.length < LARGE_JSON_BODY_CHARS) {
      parse(request, body, done);
      return;
    }
    // Checked before the body was read (authenticateBeforeBody): every large body has a user.
    const userId =
      (request as RequestAuthenticatedBeforeBody)[AUTHENTICATED_BEFORE_BODY]
        ?.userId ?? 'anonymous';
    gate.enter(userId, 'this request').then(
      (release) =>
        parseLarge(body).then(
          (parsed) => {
            release();
            done(null, parsed);
          },
          (error: unknown) => {
            release();
            done(error as Error);
          },
        ),
      (error: unknown) => done(asHttpError(error)),
    );
  };
}

/** A refusal of the gate as Fastify answers it: 429 with the gate's words. */
function asHttpError(error: unknown): Error {
  if (!(error instanceof ToolError)) return error as Error;
  return Object.assign(new Error(error.message), { statusCode: 429 });
}
