import type { FastifyRequest } from 'fastify';
import Fastify from 'fastify';
import { AUTHENTICATED_BEFORE_BODY } from '../auth/authenticate-before-body';
import {
  LARGE_JSON_BODY_CHARS,
  largeJsonBodyParser,
  parseLargeJsonBodiesInTurn,
} from './large-json-bodies';
import { yieldToEventLoop } from '../../src';

/** A request whose bearer token was checked for `userId` before its body was read. */
function requestOf(userId: string): FastifyRequest {
  return {
    [AUTHENTICATED_BEFORE_BODY]: { userId },
  } as unknown as FastifyRequest;
}

/** A JSON body of about `chars` characters. */
function bodyOf(label: string, chars: number): string {
  return JSON.stringify({ label, padding: 'x'.repeat(chars) });
}

describe('largeJsonBodyParser', () => {
  it('parses large bodies one at a time, first come first served, and small ones at once', async () => {
    const events: string[] = [];
    const parser = largeJsonBodyParser(
      (_request, body, done) => {
        const { label } = JSON.parse(body) as { label: string };
        events.push(`parse ${label}`);
        done(null, label);
      },
      // A parse over several turns of the event loop, as parseJsonInSlices makes it.
      async (body) => {
        const { label } = JSON.parse(body) as { label: string };
        events.push(`start ${label}`);
        for (let turn = 0; turn < 3; turn++) await yieldToEventLoop();
        events.push(`end ${label}`);
        return label;
      },
    );
    // Another request's work, on every turn of the event loop while the bodies wait.
    const otherWork = setInterval(() => events.push('other'), 0);
    try {
      const parsed = await Promise.all(
        ['a', 'b', 'c'].map(
          (label) =>
            new Promise<unknown>((resolve, reject) =>
              parser(
                requestOf(`user-${label}`),
                bodyOf(label, LARGE_JSON_BODY_CHARS),
                (error, body) => (error ? reject(error) : resolve(body)),
              ),
            ),
        ),
      );
      expect(parsed).toEqual(['a', 'b', 'c']);
      let small: unknown;
      parser(requestOf('user-a'), '{"label":"small"}', (_error, body) => {
        small = body;
      });
      // No wait for a small body.
      expect(small).toBe('small');
    } finally {
      clearInterval(otherWork);
    }
    expect(events.filter((event) => event !== 'other')).toEqual([
      'start a',
      'end a',
      'start b',
      'end b',
      'start c',
      'end c',
      'parse small',
    ]);
    // Other requests were served while a large body was parsed.
    const startB = events.indexOf('start b');
    expect(events.slice(startB, events.indexOf('end b'))).toContain('other');
  });

  it('answers 429 to a fifth large body of one user while four wait, and serves another user', async () => {
    const parser = largeJsonBodyParser((_request, body, done) =>
      done(null, JSON.parse(body)),
    );
    const outcomes = await Promise.all(
      ['one', 'one', 'one', 'one', 'one', 'two'].map(
        (userId) =>
          new Promise<string>((resolve) =>
            parser(
              requestOf(userId),
              bodyOf(userId, LARGE_JSON_BODY_CHARS),
              (error) =>
                resolve(
                  error
                    ? `${(error as Error & { statusCode: number }).statusCode} ${error.message}`
                    : `parsed for ${userId}`,
                ),
            ),
          ),
      ),
    );
    expect(outcomes).toEqual([
      'parsed for one',
      'parsed for one',
      'parsed for one',
      'parsed for one',
      '429 this request was refused: you already have 4 large request bodies running or waiting, the most one user may have at once; wait for them to finish, then call again.',
      'parsed for two',
    ]);
  });
});

describe('parseLargeJsonBodiesInTurn in Fastify', () => {
  it("keeps Fastify's own answers: a large body is served, malformed or poisoned JSON is a 400", async () => {
    const fastify = Fastify({ bodyLimit: 10 * 1024 * 1024 });
    parseLargeJsonBodiesInTurn(fastify);
    fastify.post('/size', async (request) => ({
      keys: Object.keys(request.body as object),
    }));
    try {
      const large = bodyOf('large', LARGE_JSON_BODY_CHARS);
      const served = await fastify.inject({
        method: 'POST',
        url: '/size',
        headers: { 'content-type': 'application/json' },
        payload: large,
      });
      expect(served.json()).toEqual({ keys: ['label', 'padding'] });
      for (const payload of [
        large.slice(0, -1),
        `{"__proto__":{"admin":true},"padding":"${'x'.repeat(LARGE_JSON_BODY_CHARS)}"}`,
      ]) {
        const refused = await fastify.inject({
          method: 'POST',
          url: '/size',
          headers: { 'content-type': 'application/json' },
          payload,
        });
        expect(refused.statusCode).toBe(400);
      }
    } finally {
      await fastify.close();
    }
  });

  it('decodes a large body that arrives in chunks split inside multi-byte characters', async () => {
    const fastify = Fastify({ bodyLimit: 10 * 1024 * 1024 });
    parseLargeJsonBodiesInTurn(fastify);
    const text = 'é€😀 '.repeat(LARGE_JSON_BODY_CHARS / 4);
    fastify.post('/echo', async (request) => ({
      same: (request.body as { text: string }).text === text,
    }));
    try {
      const url = await fastify.listen({ port: 0, host: '127.0.0.1' });
      const bytes = Buffer.from(JSON.stringify({ text }));
      const chunks = async function* () {
        // 65,537 bytes: an odd size, so chunk ends fall inside the 2-, 3- and 4-byte characters.
        for (let start = 0; start < bytes.length; start += 65_537) {
          yield bytes.subarray(start, start + 65_537);
          await new Promise((resolve) => setImmediate(resolve));
        }
      };
      const response = await fetch(`${url}/echo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: ReadableStream.from(chunks()),
        duplex: 'half',
      } as RequestInit);
      expect(await response.json()).toEqual({ same: true });
    } finally {
      await fastify.close();
    }
  });
});
