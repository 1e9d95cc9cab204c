import fc from 'fast-check';
import {
  MAX_ATTRIBUTE_BLOCK_LENGTH,
  formatAttributeBlock,
  parseAttributeBlock,
} from './attribute-block';
import { NotExpressibleError } from './not-expressible-error';

describe('attribute blocks', () => {
  it('write the id first as #id, bare words bare, everything else as JSON', () => {
    expect(
      formatAttributeBlock({
        textAlign: 'center',
        id: 'abcdefghijkl',
        width: 320,
        title: 'A "b" | c',
        colwidth: [120, null],
        flag: 'true',
      }),
    ).toBe(
      '{#abcdefghijkl textAlign=center width=320 title="A \\"b\\" \\u007c c" colwidth=[120,null] flag="true"}',
    );
  });

  it('read back every attribute object they write, with any key that fits the grammar and any JSON value', () => {
    const key = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_-]{0,8}$/);
    // Values as stored JSON holds them: -0 comes back from storage as 0.
    const stored = fc
      .jsonValue({ maxDepth: 2 })
      .map((value) => JSON.parse(JSON.stringify(value)) as unknown);
    const attributes = fc.dictionary(key, stored, { maxKeys: 5 });
    fc.assert(
      fc.property(attributes, (value) => {
        let written: string;
        try {
          written = formatAttributeBlock(value);
        } catch (error) {
          // A block over the limit is refused (the exporter falls back to JSON); escaping
          // writes a character as at most six, so only a value that long can be refused.
          expect(error).toBeInstanceOf(NotExpressibleError);
          expect(JSON.stringify(value).length * 6).toBeGreaterThan(
            MAX_ATTRIBUTE_BLOCK_LENGTH,
          );
          return;
        }
        expect(parseAttributeBlock(`text ${written}`, 5)).toEqual({
          attributes: value,
          end: 5 + written.length,
        });
      }),
    );
  });

  it('read nothing from braces that are not a well-formed block', () => {
    for (const source of [
      '{name}',
      '{#}',
      '{a=}',
      '{a=1 a=2}',
      '{a=1',
      '{#x#y}',
      '{a="unterminated}',
      '{ key = 1 }',
    ]) {
      expect(parseAttributeBlock(source, 0)).toBeUndefined();
    }
  });

  it('read nothing past their length limit, so a line of unclosed values is not rescanned at every brace', () => {
    const value = 'x'.repeat(MAX_ATTRIBUTE_BLOCK_LENGTH);
    const fits = `{a="${value.slice(0, MAX_ATTRIBUTE_BLOCK_LENGTH - 6)}"}`;
    expect(fits).toHaveLength(MAX_ATTRIBUTE_BLOCK_LENGTH);
    expect(parseAttributeBlock(`text ${fits}`, 5)?.end).toBe(
      5 + MAX_ATTRIBUTE_BLOCK_LENGTH,
    );
    expect(parseAttributeBlock(`{a="${value}"}`, 0)).toBeUndefined();
    // An unclosed array with a brace after it: each `{` stops at the limit, not at the line's end.
    const hostile = '{a=['.repeat(50_000);
    for (const start of [0, 4, 199_996])
      expect(parseAttributeBlock(hostile, start)).toBeUndefined();
  });

  it('refuse to write a block over the length limit (the exporter falls back to JSON)', () => {
    expect(() =>
      formatAttributeBlock({ a: 'x'.repeat(MAX_ATTRIBUTE_BLOCK_LENGTH) }),
    ).toThrow(NotExpressibleError);
  });
});
