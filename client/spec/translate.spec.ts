import { translateInEnglish } from '../index';

describe('translateInEnglish', () => {
  it('returns the English key with its {{placeholders}} filled in', () => {
    expect(translateInEnglish('Deferred tools')).toBe('Deferred tools');
    expect(
      translateInEnglish('{{count}} tools sent, {{ tokens }} tokens', {
        count: '41',
        tokens: '12,000',
      }),
    ).toBe('41 tools sent, 12,000 tokens');
  });

  it('leaves a placeholder without a value visible rather than blank', () => {
    expect(translateInEnglish('your role is {{role}}')).toBe(
      'your role is {{role}}',
    );
  });
});
