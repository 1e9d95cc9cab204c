import fc from 'fast-check';
import { escapeRegExp } from './escape-regexp';

describe('escapeRegExp', () => {
  it('matches the text it was given, and only that, whatever characters it holds', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (text, other) => {
        const pattern = new RegExp(`^${escapeRegExp(text)}$`);
        expect(pattern.test(text)).toBe(true);
        expect(pattern.test(other)).toBe(other === text);
      }),
    );
  });

  it('escapes what a file name or a path holds', () => {
    expect(escapeRegExp('src/tools/a.b+(c).ts')).toBe(
      'src/tools/a\\.b\\+\\(c\\)\\.ts',
    );
  });
});
