import { isDeepStrictEqual } from 'node:util';
import type { ProseMirrorMark, ProseMirrorNode } from '../prosemirror';
import { DEFAULT_LINK_ATTRS } from './dialect-defaults';
import { escapeText } from './escape-text';
import {
  SIMPLE_TAG_MARKS,
  inlineNodeSpan,
  markSpanOpening,
  type SimpleTag,
} from './inline-html';
import { NotExpressibleError } from './not-expressible-error';

/**
 * `markdown`: `**bold**`, `_italic_`, `~~strike~~` and backticks where they read back exactly.
 * `tags`: those marks as explicit tags, for text where delimiters would be misread (a mark
 * ending in whitespace, a mark inside a word, marks in an unusual order). Links are
 * `[text](href)` in both.
 */
export type InlineStyle = 'markdown' | 'tags';

export interface InlineOptions {
  readonly style: InlineStyle;
  /** Headings and table cells: a hard break is written `<br>`, never as a new line. */
  readonly singleLine: boolean;
  /** Table cells: a code span cannot hold `|`, which would split the cell. */
  readonly inTable: boolean;
}

const DELIMITERS: Readonly<Record<string, string>> = {
  bold: '**',
  italic: '_',
  strike: '~~',
};
const TAG_OF_MARK: Readonly<Record<string, SimpleTag>> = Object.fromEntries(
  Object.entries(SIMPLE_TAG_MARKS).map(([tag, mark]) => [
    mark,
    tag as SimpleTag,
  ]),
);

function isDefaultLink(mark: ProseMirrorMark): boolean {
  const attrs = mark.attrs;
  if (
    mark.type !== 'link' ||
    attrs === undefined ||
    typeof attrs.href !== 'string'
  )
    return false;
  return isDeepStrictEqual(attrs, { href: attrs.href, ...DEFAULT_LINK_ATTRS });
}

/** A link target as Markdown reads it back verbatim: bare with escapes, or `<…>` when it has spaces. */
export function linkDestination(href: string): string {
  if (/[\n\r]/.test(href))
    throw new NotExpressibleError('a line break in a link target');
  if (!/\s/.test(href) && href !== '')
    return href.replace(/[\\&()<]/g, (character) => `\\${character}`);
  return `<${href.replace(/[\\&<>]/g, (character) => `\\${character}`)}>`;
}

function opening(mark: ProseMirrorMark, style: InlineStyle): string {
  const tag = TAG_OF_MARK[mark.type];
  if (mark.attrs === undefined && tag !== undefined) {
    const delimiter = DELIMITERS[mark.type];
    return style === 'markdown' && delimiter !== undefined
      ? delimiter
      : `<${tag}>`;
  }
  // Brackets have no flanking rules, so links keep their Markdown form in both styles.
  if (isDefaultLink(mark)) return '[';
  return markSpanOpening(mark);
}

function closing(mark: ProseMirrorMark, style: InlineStyle): string {
  const tag = TAG_OF_MARK[mark.type];
  if (mark.attrs === undefined && tag !== undefined) {
    const delimiter = DELIMITERS[mark.type];
    return style === 'markdown' && delimiter !== undefined
      ? delimiter
      : `</${tag}>`;
  }
  if (isDefaultLink(mark))
    return `](${linkDestination(mark.attrs!.href as string)})`;
  return '</span>';
}

/** A code span whose backtick fence and padding keep the text exactly, or not expressible. */
function codeSpan(text: string, options: InlineOptions): string {
  if (/[\n\r]/.test(text))
    throw new NotExpressibleError('a line break in inline code');
  if (options.inTable && text.includes('|'))
    throw new NotExpressibleError('a pipe in inline code inside a table');
  let longest = 0;
  for (const run of text.match(/`+/g) ?? [])
    longest = Math.max(longest, run.length);
  const fence = '`'.repeat(longest + 1);
  const pad =
    text.startsWith('`') ||
    text.endsWith('`') ||
    (text.startsWith(' ') && text.endsWith(' ') && text.trim() !== '');
  return pad ? `${fence} ${text} ${fence}` : `${fence}${text}${fence}`;
}

function checkKeys(node: ProseMirrorNode, allowed: readonly string[]): void {
  const extra = Object.keys(node).filter((key) => !allowed.includes(key));
  if (extra.length > 0)
    throw new NotExpressibleError(`${node.type} with ${extra.join(', ')}`);
}

/**
 * Writes a text block's inline nodes. Marks are opened and closed so that, for every node, the
 * open marks outermost-first equal the node's `marks` array; the parser assigns marks in that
 * order, so mark order survives. Throws `NotExpressibleError` when this style cannot write them.
 */
export function inlineToMarkdown(
  nodes: readonly ProseMirrorNode[],
  options: InlineOptions,
): string {
  let written = '';
  const stack: ProseMirrorMark[] = [];
  const closeTo = (depth: number): void => {
    while (stack.length > depth)
      written += closing(stack.pop()!, options.style);
  };
  nodes.forEach((node, index) => {
    const marks = node.marks ?? [];
    if (node.marks !== undefined && node.marks.length === 0)
      throw new NotExpressibleError('an empty marks array');
    const codeIndex = marks.findIndex(
      (mark) => mark.type === 'code' && mark.attrs === undefined,
    );
    // A code span cannot hold other syntax, so backticks only work for the innermost mark.
    const asCodeSpan =
      options.style === 'markdown' && node.type === 'text' && codeIndex !== -1;
    if (asCodeSpan && codeIndex !== marks.length - 1)
      throw new NotExpressibleError('a mark inside inline code');
    const wrappers = asCodeSpan ? marks.slice(0, -1) : marks;
    let shared = 0;
    while (
      shared < stack.length &&
      shared < wrappers.length &&
      isDeepStrictEqual(stack[shared], wrappers[shared])
    )
      shared++;
    closeTo(shared);
    for (const mark of wrappers.slice(shared)) {
      if (isDefaultLink(mark) && stack.some(isDefaultLink))
        throw new NotExpressibleError('a link inside a link');
      written += opening(mark, options.style);
      stack.push(mark);
    }
    const last = index === nodes.length - 1;
    if (node.type === 'text') {
      checkKeys(node, ['type', 'text', 'marks']);
      if (typeof node.text !== 'string' || node.text === '')
        throw new NotExpressibleError('a text node without text');
      written += asCodeSpan
        ? codeSpan(node.text, options)
        : escapeText(node.text, {
            atLineStart: written === '' || written.endsWith('\n'),
            atLineEnd: last,
            previous: written.slice(-1),
          });
    } else if (node.type === 'hardBreak') {
      checkKeys(node, ['type', 'marks']);
      written += options.singleLine || last ? '<br>' : '\\\n';
    } else {
      written += inlineNodeSpan(node);
    }
  });
  closeTo(0);
  return written;
}
