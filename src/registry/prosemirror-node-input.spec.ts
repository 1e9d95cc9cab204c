import { z } from 'zod';
import {
  NODE_INPUT_ERROR,
  prosemirrorNodeInput,
} from './prosemirror-node-input';
import { toInputJsonSchema } from './tool-input-schema';

const paragraph = {
  type: 'paragraph',
  attrs: { id: 'abcdefghijkl' },
  content: [{ type: 'text', text: 'Hi' }],
};

function issuesOf(
  result: z.ZodSafeParseResult<unknown>,
): readonly { message: string; path: PropertyKey[] }[] {
  if (result.success) throw new Error('expected a validation failure');
  return result.error.issues;
}

describe('prosemirrorNodeInput', () => {
  const schema = z.object({ node: prosemirrorNodeInput() });

  it('accepts a node object as is', () => {
    expect(schema.parse({ node: paragraph })).toEqual({ node: paragraph });
  });

  it('parses a JSON string of a node into the object', () => {
    expect(schema.parse({ node: JSON.stringify(paragraph) })).toEqual({
      node: paragraph,
    });
  });

  it('keeps node fields it does not describe (Docmost node types carry their own)', () => {
    const callout = {
      type: 'callout',
      attrs: { type: 'info' },
      content: [],
      custom: 1,
    };
    expect(schema.parse({ node: JSON.stringify(callout) })).toEqual({
      node: callout,
    });
  });

  it('rejects invalid JSON with the quirk error plus the parse error', () => {
    const [issue, ...rest] = issuesOf(
      schema.safeParse({ node: '{"type":"paragraph",' }),
    );
    expect(rest).toEqual([]);
    expect(issue!.path).toEqual(['node']);
    expect(issue!.message).toMatch(
      new RegExp(
        `^${NODE_INPUT_ERROR}; the string is not valid JSON \\(.*JSON.*\\)$`,
      ),
    );
  });

  it('rejects a JSON string that holds no node', () => {
    expect(issuesOf(schema.safeParse({ node: '[1,2]' }))[0]!.message).toBe(
      `${NODE_INPUT_ERROR}; the JSON string holds an array`,
    );
    expect(
      issuesOf(schema.safeParse({ node: '{"text":"x"}' }))[0]!.message,
    ).toBe(
      `${NODE_INPUT_ERROR}; the JSON string holds an object without a string "type"`,
    );
    expect(issuesOf(schema.safeParse({ node: '42' }))[0]!.message).toBe(
      `${NODE_INPUT_ERROR}; the JSON string holds a number`,
    );
  });

  it('rejects values that are neither, saying what it got', () => {
    expect(issuesOf(schema.safeParse({ node: 7 }))[0]).toMatchObject({
      path: ['node'],
      message: `${NODE_INPUT_ERROR}; got a number`,
    });
    expect(
      issuesOf(schema.safeParse({ node: { attrs: {} } }))[0]!.message,
    ).toBe(`${NODE_INPUT_ERROR}; got an object without a string "type"`);
    expect(issuesOf(schema.safeParse({}))[0]!.message).toBe(
      `${NODE_INPUT_ERROR}; got nothing`,
    );
  });

  it('can require one node type, e.g. a whole document', () => {
    const documentSchema = z.object({
      content: prosemirrorNodeInput({ nodeType: 'doc' }),
    });
    expect(
      documentSchema.parse({ content: '{"type":"doc","content":[]}' }),
    ).toEqual({ content: { type: 'doc', content: [] } });
    expect(
      issuesOf(documentSchema.safeParse({ content: paragraph }))[0]!.message,
    ).toBe(
      `${NODE_INPUT_ERROR}; got a node of type "paragraph" where "doc" is required`,
    );
  });

  it('is described to the model as an object or a string', () => {
    const jsonSchema = toInputJsonSchema(
      z.object({
        node: prosemirrorNodeInput({ description: 'The new block.' }),
      }),
    );
    const node = jsonSchema.properties!.node as {
      description: string;
      anyOf: { type: string; required?: string[] }[];
    };
    expect(node.description).toBe('The new block.');
    expect(node.anyOf.map((option) => option.type)).toEqual([
      'object',
      'string',
    ]);
    expect(node.anyOf[0]!.required).toEqual(['type']);
  });
});
