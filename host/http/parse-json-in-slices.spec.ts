import {
  InvalidJsonBodyError,
  parseJsonInSlices,
} from './parse-json-in-slices';
import { yieldToEventLoop } from '../../src';

/** A document of about `paragraphs` × 200 characters, with escapes, numbers and non-ASCII text. */
function documentOf(paragraphs: number) {
  return {
    type: 'doc',
    content: Array.from({ length: paragraphs }, (_, index) => ({
      type: 'paragraph',
      attrs: {
        id: `p${index}`,
        indent: index % 3,
        align: null,
        wide: index % 2 === 0,
      },
      content: [
        {
          type: 'text',
          text: `Paragraph ${index}: "quoted", tab\\t, é€😀, \u0001 and ${'text '.repeat(25)}`,
          marks: [
            { type: 'bold' },
            {
              type: 'link',
              attrs: { href: `https://example.com/${index}?a=1&b=-2.5e3` },
            },
          ],
        },
      ],
    })),
  };
}

async function refusal(text: string): Promise<string> {
  const error = await parseJsonInSlices(text).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(InvalidJsonBodyError);
  expect((error as InvalidJsonBodyError).statusCode).toBe(400);
  return (error as Error).message;
}

describe('parseJsonInSlices', () => {
  it('gives what JSON.parse gives, with the event loop turning while it parses a large body', async () => {
    const text = JSON.stringify({
      jsonrpc: '2.0',
      id: 7,
      params: { arguments: { content: documentOf(20_000) } },
    });
    expect(text.length).toBeGreaterThan(4_000_000);
    let turns = 0;
    let counting = true;
    const count = async () => {
      while (counting) {
        turns++;
        await yieldToEventLoop();
      }
    };
    const counted = count();
    const parsed = await parseJsonInSlices(text);
    counting = false;
    await counted;
    expect(parsed).toEqual(JSON.parse(text));
    // 4 MB in slices of ~8 ms: other work ran between many of them.
    expect(turns).toBeGreaterThan(5);
  });

  it.each([
    [
      'a truncated body',
      '{"a":[1,2',
      /ended in mid-parsing|ended in the middle/,
    ],
    ['data after the value', '{"a":1} x', /Unexpected "x"/],
    ['two values', '{"a":1}{"b":2}', /Unexpected "\{"/],
    ['a trailing comma', '{"a":1,}', /Unexpected RIGHT_BRACE/],
    ['blanks only', '   \n ', /holds no value/],
  ])('refuses %s with a 400 saying what is wrong', async (_, text, reason) => {
    const message = await refusal(text);
    expect(message).toMatch(/^Body is not valid JSON: /);
    expect(message).toMatch(reason);
  });

  it.each([
    ['a __proto__ key', '{"a":{"__proto__":{"admin":true}}}'],
    [
      'a __proto__ key spelled with escapes',
      '{"\\u005f_proto__":{"admin":true}}',
    ],
    ['constructor.prototype', '{"constructor":{"prototype":{"admin":true}}}'],
  ])('refuses %s, as Fastify does', async (_, text) => {
    expect(await refusal(text)).toMatch(/forbidden prototype property/);
  });

  it('refuses a __proto__ key wherever it falls between two pieces the parser is given', async () => {
    for (let offset = 16_360; offset < 16_400; offset++) {
      const padding = 'x'.repeat(offset);
      expect(
        await refusal(`{"padding":"${padding}","__proto__":{"admin":true}}`),
      ).toMatch(/forbidden prototype property/);
    }
  });

  it('keeps a "constructor" key without a prototype, and "__proto__" inside a text', async () => {
    const value = { constructor: 'kept', text: '"__proto__": {}' };
    expect(await parseJsonInSlices(JSON.stringify(value))).toEqual(value);
  });
});
