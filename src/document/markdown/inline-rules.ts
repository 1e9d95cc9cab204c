import type MarkdownIt from 'markdown-it';
import { parseAttributeBlock } from './attribute-block';
import { readInlineTag } from './inline-html';

/** Token types the dialect's inline rules add to markdown-it's stream. */
export const DOCMOST_TOKEN = {
  open: 'docmost_open',
  close: 'docmost_close',
  node: 'docmost_node',
  break: 'docmost_break',
  invalid: 'docmost_invalid',
  attributes: 'docmost_attributes',
} as const;

const LESS_THAN = 0x3c;
const OPEN_BRACE = 0x7b;

/**
 * Reads the known inline tags (see inline-html.ts). Tokens keep nesting 0: markdown-it scopes
 * emphasis delimiters by nesting, and a stray closing tag must never unbalance its state; the
 * converter checks that tags and emphasis nest and names the line when they do not.
 */
function inlineTagRule(
  state: MarkdownIt.StateInline,
  silent: boolean,
): boolean {
  if (state.src.charCodeAt(state.pos) !== LESS_THAN) return false;
  const tag = readInlineTag(state.src.slice(state.pos, state.posMax));
  if (!tag) return false;
  if (!silent) {
    const token = state.push(
      tag.kind === 'invalid' ? DOCMOST_TOKEN.invalid : DOCMOST_TOKEN[tag.kind],
      '',
      0,
    );
    token.meta = tag;
    token.content = state.src.slice(state.pos, state.pos + tag.length);
  }
  state.pos += tag.length;
  return true;
}

/**
 * Reads an attribute block (`{#id key=value}`). Whether it belongs to the paragraph, an image
 * or nothing is decided by the converter from its position; `content` keeps the raw text for
 * the last case.
 */
function attributeBlockRule(
  state: MarkdownIt.StateInline,
  silent: boolean,
): boolean {
  if (state.src.charCodeAt(state.pos) !== OPEN_BRACE) return false;
  const parsed = parseAttributeBlock(
    state.src.slice(0, state.posMax),
    state.pos,
  );
  if (!parsed) return false;
  if (!silent) {
    const token = state.push(DOCMOST_TOKEN.attributes, '', 0);
    token.meta = parsed.attributes;
    token.content = state.src.slice(state.pos, parsed.end);
  }
  state.pos = parsed.end;
  return true;
}

export function docmostInlineRules(md: MarkdownIt): void {
  md.inline.ruler.before('autolink', 'docmost_inline_tag', inlineTagRule);
  md.inline.ruler.push('docmost_attribute_block', attributeBlockRule);
}
