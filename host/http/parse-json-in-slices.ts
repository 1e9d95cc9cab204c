import { performance } from 'node:perf_hooks';
import { JSONParser } from '@streamparser/json';
import { scan } from 'secure-json-parse';
import { yieldToEventLoop } from '../../src';

/** Longest stretch the parse holds the event loop before letting it turn. */
const SLICE_MS = 8;
/** Characters handed to the parser between two looks at the clock. */
const PIECE_CHARS = 16 * 1024;
/**
 * A key that may poison a prototype, as Fastify's parser looks for it (with `\u` escapes):
 * tested on each piece with the end of the one before, so a key split between two is seen.
 */
const SUSPECT_KEY =
  /"(?:(?:_|\\u005[Ff]){2}(?:p|\\u0070)(?:r|\\u0072)(?:o|\\u006[Ff])(?:t|\\u0074)(?:o|\\u006[Ff])(?:_|\\u005[Ff]){2}|(?:c|\\u0063)(?:o|\\u006[Ff])(?:n|\\u006[Ee])(?:s|\\u0073)(?:t|\\u0074)(?:r|\\u0072)(?:u|\\u0075)(?:c|\\u0063)(?:t|\\u0074)(?:o|\\u006[Ff])(?:r|\\u0072))"\s*:/;
/** Longer than any spelling of a suspect key with the blanks before its colon that matter. */
const SUSPECT_KEY_OVERLAP = 128;

/** A body that is not one JSON value: Fastify's status and words for it. */
export class InvalidJsonBodyError extends Error {
  readonly statusCode = 400;
  constructor(reason: string) {
    super(`Body is not valid JSON: ${reason}`);
    this.name = 'InvalidJsonBodyError';
  }
}

/**
 * Parses a JSON text a slice at a time, the event loop free in between: `JSON.parse` of a 9 MB
 * body held it 60–140 ms, and the garbage collection of the object tree it made all at once as
 * much again. Here each slice takes at most ~8 ms (a 9 MB body: ~230 ms of parsing over some 30
 * turns). The result is what Fastify's parser gives: `__proto__` keys and `constructor.prototype`
 * are refused (400), as is anything but one JSON value.
 */
export async function parseJsonInSlices(text: string): Promise<unknown> {
  const parser = new JSONParser({ paths: ['$'], keepStack: false });
  let parsed: { value: unknown } | undefined;
  parser.onValue = ({ value }) => {
    parsed = { value };
  };
  let suspect = false;
  let index = 0;
  try {
    while (index < text.length) {
      await yieldToEventLoop();
      const sliceEnd = performance.now() + SLICE_MS;
      do {
        const end = Math.min(text.length, index + PIECE_CHARS);
        suspect ||= SUSPECT_KEY.test(
          text.slice(Math.max(0, index - SUSPECT_KEY_OVERLAP), end),
        );
        parser.write(text.slice(index, end));
        index = end;
      } while (index < text.length && performance.now() < sliceEnd);
    }
    if (!parser.isEnded) parser.end();
  } catch (error) {
    throw new InvalidJsonBodyError(
      error instanceof Error ? error.message : String(error),
    );
  }
  if (parsed === undefined)
    throw new InvalidJsonBodyError('the body holds no value');
  // Rare (a key spelled like one): the whole value is looked through once, as Fastify does.
  if (suspect) {
    try {
      scan(parsed.value as object, {
        protoAction: 'error',
        constructorAction: 'error',
      });
    } catch (error) {
      throw new InvalidJsonBodyError((error as Error).message);
    }
  }
  return parsed.value;
}
