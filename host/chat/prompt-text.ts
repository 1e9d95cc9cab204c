const LOOK_ALIKES: Readonly<Record<string, string>> = {
  '<': '\u2039',
  '>': '\u203A',
};

/**
 * Text from outside (an external server's tool description, a server name) rendered on one
 * prompt line: it cannot break the line or open and close prompt tags, and it is capped.
 */
export function promptLine(text: string, maxLength: number): string {
  const line = text
    .normalize('NFKC')
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/[\p{Cf}\p{Co}\p{Cs}]/gu, '')
    .replace(/[<>]/g, (character) => LOOK_ALIKES[character] ?? '')
    .replace(/\s+/gu, ' ')
    .trim();
  return line.length <= maxLength
    ? line
    : `${line.slice(0, maxLength - 1).trimEnd()}\u2026`;
}

/** The first sentence of a description (up to the first ". " or line break). */
export function firstSentence(description: string): string {
  const firstLine = description.trim().split(/\r?\n/, 1)[0] ?? '';
  const end = firstLine.search(/\.(\s|$)/);
  return end === -1 ? firstLine : firstLine.slice(0, end + 1);
}
