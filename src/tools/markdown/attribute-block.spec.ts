import fc from 'fast-check';
import { formatAttributeBlock, parseAttributeBlock } from './attribute-block';

describe('attribute blocks', () => {
  it('write the id first as #id, bare words bare, everything else as JSON', () => {
    expect(formatAttributeBlock({ textAlign: 'center', id: 'abcdefghijkl', width: 320, title: 'A "b" | c', colwidth: [120, null], flag: 'true' })).toBe(
      '{#abcdefghijkl textAlign=center width=320 title="A \\"b\\" \\u007c c" colwidth=[120,null] flag="true"}',
    );
  });

  it('read back every attribute object they write, with any key that fits the grammar and any JSON value', () => {
    const key = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_-]{0,8}$/);
    // Values as stored JSON holds them: -0 comes back from storage as 0.
    const stored = fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.parse(JSON.stringify(value)) as unknown);
    const attributes = fc.dictionary(key, stored, { maxKeys: 5 });
    fc.assert(
      fc.property(attributes, (value) => {
        const written = formatAttributeBlock(value);
        expect(parseAttributeBlock(`text ${written}`, 5)).toEqual({ attributes: value, end: 5 + written.length });
      }),
    );
  });

  it('read nothing from braces that are not a well-formed block', () => {
    for (const source of ['{name}', '{#}', '{a=}', '{a=1 a=2}', '{a=1', '{#x#y}', '{a="unterminated}', '{ key = 1 }']) {
      expect(parseAttributeBlock(source, 0)).toBeUndefined();
    }
  });
});
