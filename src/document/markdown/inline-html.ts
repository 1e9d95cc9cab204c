import type { ProseMirrorMark, ProseMirrorNode } from '../prosemirror';
import { NotExpressibleError } from './not-expressible-error';

/**
 * The only inline HTML the dialect reads; any other `<...>` stays literal text. Each shape
 * stands for one ProseMirror mark or inline node:
 *
 * - `<u>`, `<sub>`, `<sup>`, and `<strong>`, `<em>`, `<s>`, `<code>` where `**`, `_`, `~~` and
 *   backticks cannot be placed (whitespace at a mark's edge, a mark inside a word);
 * - `<span data-comment-id="…" data-resolved="false">` a comment anchor;
 * - `<span data-mark="highlight" data-attrs='{"color":"#fef08a"}'>` any other mark;
 * - `<span data-node="mention" data-attrs='{…}'></span>` an inline node without text;
 * - `<br>` a hard break where a line cannot end with `\`.
 */

export const SIMPLE_TAG_MARKS = {
  strong: 'bold',
  em: 'italic',
  s: 'strike',
  code: 'code',
  u: 'underline',
  sub: 'subscript',
  sup: 'superscript',
} as const satisfies Readonly<Record<string, string>>;

export type SimpleTag = keyof typeof SIMPLE_TAG_MARKS;

/** What an inline tag at some position is. `problem` is set when it has a known shape but bad content. */
export type InlineTag =
  | {
      readonly kind: 'open';
      readonly tag: SimpleTag | 'span';
      readonly mark: ProseMirrorMark;
      readonly length: number;
    }
  | {
      readonly kind: 'close';
      readonly tag: SimpleTag | 'span';
      readonly length: number;
    }
  | {
      readonly kind: 'node';
      readonly node: ProseMirrorNode;
      readonly length: number;
    }
  | { readonly kind: 'break'; readonly length: number }
  | {
      readonly kind: 'invalid';
      readonly problem: string;
      readonly length: number;
    };

const SIMPLE_TAG = /^<(\/?)(strong|em|s|code|u|sub|sup)>/;
const BREAK = /^<br ?\/?>/;
const SPAN_CLOSE = /^<\/span>/;
const COMMENT_SPAN =
  /^<span data-comment-id="([^"<>\n]*)" data-resolved="(true|false)">/;
const MARK_SPAN =
  /^<span data-mark="([A-Za-z][A-Za-z0-9_-]*)"(?: data-attrs='([^'<>\n]*)')?>/;
const NODE_SPAN =
  /^<span data-node="([A-Za-z][A-Za-z0-9_-]*)"(?: data-attrs='([^'<>\n]*)')?><\/span>/;
const TYPE_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;

const ATTRIBUTE_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '"': '&quot;',
  "'": '&#39;',
  '<': '&lt;',
  '>': '&gt;',
  '|': '&#124;',
};
const ATTRIBUTE_UNESCAPES: Readonly<Record<string, string>> =
  Object.fromEntries(
    Object.entries(ATTRIBUTE_ESCAPES).map(([raw, escaped]) => [escaped, raw]),
  );

/** Escapes an attribute value; `|` too, which would otherwise split a table cell. */
export function escapeAttributeValue(value: string): string {
  return value.replace(
    /[&"'<>|]/g,
    (character) => ATTRIBUTE_ESCAPES[character]!,
  );
}

function unescapeAttributeValue(value: string): string {
  return value.replace(
    /&(?:amp|quot|#39|lt|gt|#124);/g,
    (entity) => ATTRIBUTE_UNESCAPES[entity]!,
  );
}

/** The `data-attrs` JSON object, or a problem message. */
function readAttrs(
  raw: string | undefined,
): { readonly attrs?: Record<string, unknown> } | string {
  if (raw === undefined) return {};
  try {
    const attrs = JSON.parse(unescapeAttributeValue(raw)) as unknown;
    if (typeof attrs !== 'object' || attrs === null || Array.isArray(attrs))
      return 'its data-attrs must be a JSON object';
    return { attrs: attrs as Record<string, unknown> };
  } catch (error) {
    return `its data-attrs is not valid JSON (${(error as Error).message})`;
  }
}

/** Reads the known inline tag at the start of `source`, if there is one. */
export function readInlineTag(source: string): InlineTag | undefined {
  let match = SIMPLE_TAG.exec(source);
  if (match) {
    const tag = match[2] as SimpleTag;
    return match[1]
      ? { kind: 'close', tag, length: match[0].length }
      : {
          kind: 'open',
          tag,
          mark: { type: SIMPLE_TAG_MARKS[tag] },
          length: match[0].length,
        };
  }
  if ((match = BREAK.exec(source)))
    return { kind: 'break', length: match[0].length };
  if ((match = SPAN_CLOSE.exec(source)))
    return { kind: 'close', tag: 'span', length: match[0].length };
  if ((match = COMMENT_SPAN.exec(source))) {
    const mark = {
      type: 'comment',
      attrs: {
        commentId: unescapeAttributeValue(match[1]!),
        resolved: match[2] === 'true',
      },
    };
    return { kind: 'open', tag: 'span', mark, length: match[0].length };
  }
  for (const [pattern, kind] of [
    [MARK_SPAN, 'mark'],
    [NODE_SPAN, 'node'],
  ] as const) {
    match = pattern.exec(source);
    if (!match) continue;
    const attrs = readAttrs(match[2]);
    if (typeof attrs === 'string')
      return {
        kind: 'invalid',
        problem: `the ${kind} span ${match[0]} is malformed: ${attrs}`,
        length: match[0].length,
      };
    const value = { type: match[1]!, ...attrs };
    return kind === 'mark'
      ? { kind: 'open', tag: 'span', mark: value, length: match[0].length }
      : { kind: 'node', node: value, length: match[0].length };
  }
  return undefined;
}

function isPlainObject(
  value: unknown,
): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function dataAttrs(attrs: unknown): string {
  if (attrs === undefined) return '';
  if (!isPlainObject(attrs))
    throw new NotExpressibleError('attrs that are not an object');
  return ` data-attrs='${escapeAttributeValue(JSON.stringify(attrs))}'`;
}

function checkTypeName(type: string): void {
  if (!TYPE_NAME.test(type))
    throw new NotExpressibleError(`type name ${JSON.stringify(type)}`);
}

/** The opening tag of a mark written as a span: a comment anchor or the generic mark shape. */
export function markSpanOpening(mark: ProseMirrorMark): string {
  const attrs = mark.attrs;
  if (
    mark.type === 'comment' &&
    isPlainObject(attrs) &&
    Object.keys(attrs).length === 2 &&
    typeof attrs.commentId === 'string' &&
    typeof attrs.resolved === 'boolean' &&
    !attrs.commentId.includes('\n')
  ) {
    return `<span data-comment-id="${escapeAttributeValue(attrs.commentId)}" data-resolved="${String(attrs.resolved)}">`;
  }
  checkTypeName(mark.type);
  return `<span data-mark="${mark.type}"${dataAttrs(attrs)}>`;
}

/** An inline node that has no Markdown form (a mention, inline math, a status badge). */
export function inlineNodeSpan(node: ProseMirrorNode): string {
  const extraKeys = Object.keys(node).filter(
    (key) => key !== 'type' && key !== 'attrs' && key !== 'marks',
  );
  if (extraKeys.length > 0)
    throw new NotExpressibleError(`inline node with ${extraKeys.join(', ')}`);
  checkTypeName(node.type);
  return `<span data-node="${node.type}"${dataAttrs(node.attrs)}></span>`;
}
