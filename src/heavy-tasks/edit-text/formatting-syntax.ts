/**
 * Markdown that a model writes when it means formatting. Page text holds no Markdown (marks are
 * separate from text), so such syntax in a find/replace string is either a formatting request
 * editPageText cannot honour or a copy of rendered Markdown that will not match.
 */
const FORMATTING_PATTERNS: readonly {
  readonly name: string;
  readonly pattern: RegExp;
}[] = [
  {
    name: 'bold (**text** or __text__)',
    pattern: /(\*\*|__)(?=\S)[\s\S]*?\S\1/,
  },
  {
    name: 'italic (*text* or _text_)',
    pattern:
      /(?<![\w*])\*(?=[^\s*])[^*\n]*?[^\s*]\*(?![\w*])|(?<![\w_])_(?=[^\s_])[^_\n]*?[^\s_]_(?![\w_])/,
  },
  { name: 'strikethrough (~~text~~)', pattern: /~~(?=\S)[\s\S]*?\S~~/ },
  { name: 'inline code (`text`)', pattern: /`[^`\n]+`/ },
  { name: 'link ([text](url))', pattern: /\[[^\]\n]+\]\([^)\s]+\)/ },
  { name: 'heading (# text)', pattern: /^#{1,6}\s/m },
];

/** Names of the Markdown constructs found in `text`, in the order above. */
export function findFormattingSyntax(text: string): readonly string[] {
  return FORMATTING_PATTERNS.filter(({ pattern }) => pattern.test(text)).map(
    ({ name }) => name,
  );
}
