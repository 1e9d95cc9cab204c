import { abbreviate, QUOTED_INPUT_LENGTH } from './abbreviate';

describe('abbreviate', () => {
  it('quotes a short value whole', () => {
    expect(abbreviate('3f1c-page')).toBe('3f1c-page');
  });

  it('quotes a long value as a prefix and its length', () => {
    const id = 'a'.repeat(9_500_000);
    expect(abbreviate(id)).toBe(
      `${'a'.repeat(QUOTED_INPUT_LENGTH)}… (9500000 characters)`,
    );
  });

  it('never splits a surrogate pair and escapes control characters', () => {
    expect(abbreviate(`${'x'.repeat(9)}😀tail`, 10)).toBe(
      `${'x'.repeat(9)}… (15 characters)`,
    );
    expect(abbreviate('line\nbreak\u0000')).toBe('line\\u000abreak\\u0000');
  });
});
