/**
 * `text` as a regular expression that matches it literally (a file name in a stack, a path in a
 * lint report, a value in a request): each character with a meaning in a pattern is escaped.
 */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
