import { isDeepStrictEqual } from 'node:util';
import type MarkdownIt from 'markdown-it';
import type { ProseMirrorMark, ProseMirrorNode } from '../prosemirror';
import { DEFAULT_LINK_ATTRS } from './dialect-defaults';
import type { InlineTag } from './inline-html';
import { DOCMOST_TOKEN } from './inline-rules';
import { MarkdownSyntaxError } from './markdown-syntax-error';

type Token = MarkdownIt.Token;

/** Inline content of one text block: inline nodes, and images, which are blocks in Docmost. */
export type InlineItem =
  | { readonly kind: 'inline'; readonly node: ProseMirrorNode }
  | { readonly kind: 'image'; readonly node: ProseMirrorNode };

export interface ConvertedInline {
  readonly items: readonly InlineItem[];
  /** The block's attribute block (`text {#id}`), when the content ends with one. */
  readonly attributes?: Readonly<Record<string, unknown>>;
}

interface OpenMark {
  /** What opened it: `strong`, `em`, `s`, `link`, or a tag name such as `u` or `span`. */
  readonly opener: string;
  readonly mark: ProseMirrorMark;
}

const OPENERS: Readonly<
  Record<string, { readonly opener: string; readonly mark: string }>
> = {
  strong_open: { opener: 'strong', mark: 'bold' },
  em_open: { opener: 'em', mark: 'italic' },
  s_open: { opener: 's', mark: 'strike' },
};

const CLOSERS: Readonly<Record<string, string>> = {
  strong_close: 'strong',
  em_close: 'em',
  s_close: 's',
  link_close: 'link',
};

/** How an opener reads in a message: the syntax the author typed. */
const OPENER_SYNTAX: Readonly<Record<string, string>> = {
  strong: '**',
  em: '_',
  s: '~~',
  link: '[...](...)',
};

function syntaxOf(opener: string): string {
  return OPENER_SYNTAX[opener] ?? `<${opener}>`;
}

function textOf(tokens: readonly Token[] | null): string {
  return (tokens ?? [])
    .map((token) =>
      token.type === 'softbreak' || token.type === 'hardbreak'
        ? '\n'
        : token.type === 'image'
          ? textOf(token.children)
          : token.content,
    )
    .join('');
}

/**
 * Splits a trailing attribute block off the content: the last token, standing alone or after
 * whitespace (`Some text {#abcdefghijkl}`). The one space that separates it is not content.
 */
function takeTrailingAttributes(
  children: Token[],
): Readonly<Record<string, unknown>> | undefined {
  const last = children[children.length - 1];
  if (last?.type !== DOCMOST_TOKEN.attributes) return undefined;
  const before = children[children.length - 2];
  if (before === undefined) {
    children.pop();
    return last.meta as Record<string, unknown>;
  }
  if (before.type === 'softbreak') {
    children.splice(children.length - 2, 2);
    return last.meta as Record<string, unknown>;
  }
  if (before.type === 'text' && before.content.endsWith(' ')) {
    children.pop();
    before.content = before.content.slice(0, -1);
    if (before.content === '') children.pop();
    return last.meta as Record<string, unknown>;
  }
  return undefined;
}

function withMarks(
  node: ProseMirrorNode,
  stack: readonly OpenMark[],
  extra?: ProseMirrorMark,
): ProseMirrorNode {
  const marks = stack.map((open) => open.mark);
  if (extra) marks.push(extra);
  return marks.length > 0 ? { ...node, marks } : node;
}

/**
 * Converts one text block's inline tokens to ProseMirror inline nodes. Marks come from the
 * syntax that encloses the text, outermost first, so the serializer controls their order by
 * nesting; adjacent text with the same marks is merged, as ProseMirror stores it.
 */
export function convertInline(
  tokens: readonly Token[] | null,
  line: number | undefined,
): ConvertedInline {
  const children = [...(tokens ?? [])];
  const attributes = takeTrailingAttributes(children);
  const items: InlineItem[] = [];
  const stack: OpenMark[] = [];
  const pushInline = (node: ProseMirrorNode): void => {
    const previous = items[items.length - 1];
    if (
      node.type === 'text' &&
      previous?.kind === 'inline' &&
      previous.node.type === 'text' &&
      isDeepStrictEqual(previous.node.marks ?? [], node.marks ?? [])
    ) {
      items[items.length - 1] = {
        kind: 'inline',
        node: { ...previous.node, text: `${previous.node.text}${node.text}` },
      };
    } else {
      items.push({ kind: 'inline', node });
    }
  };
  /** Closes the innermost mark; false when nothing of that kind is open (a stray `</span>`). */
  const close = (opener: string, shown: string): boolean => {
    if (!stack.some((open) => open.opener === opener)) return false;
    const top = stack.pop()!;
    if (top.opener === opener) return true;
    throw new MarkdownSyntaxError(
      line,
      `inline formatting is not nested properly: ${shown} closes while ${syntaxOf(top.opener)} is still open; close marks in the reverse order they were opened`,
    );
  };

  for (let index = 0; index < children.length; index++) {
    const token = children[index]!;
    const opener = OPENERS[token.type];
    if (opener) {
      stack.push({ opener: opener.opener, mark: { type: opener.mark } });
      continue;
    }
    const closer = CLOSERS[token.type];
    if (closer) {
      close(closer, token.markup || syntaxOf(closer));
      continue;
    }
    switch (token.type) {
      case 'text':
        if (token.content !== '')
          pushInline(withMarks({ type: 'text', text: token.content }, stack));
        break;
      case 'softbreak':
        // A line break inside a paragraph is wrapping, not content: the editor shows a space.
        pushInline(withMarks({ type: 'text', text: ' ' }, stack));
        break;
      case 'hardbreak':
      case DOCMOST_TOKEN.break:
        pushInline(withMarks({ type: 'hardBreak' }, stack));
        break;
      case 'code_inline':
        pushInline(
          withMarks({ type: 'text', text: token.content }, stack, {
            type: 'code',
          }),
        );
        break;
      case 'link_open':
        stack.push({
          opener: 'link',
          mark: {
            type: 'link',
            attrs: { href: token.attrGet('href') ?? '', ...DEFAULT_LINK_ATTRS },
          },
        });
        break;
      case 'image': {
        let attrs: Record<string, unknown> = {
          src: token.attrGet('src') ?? '',
          alt: textOf(token.children),
          title: token.attrGet('title') ?? null,
        };
        const next = children[index + 1];
        if (next?.type === DOCMOST_TOKEN.attributes) {
          // Spread, not Object.assign: assigning a "__proto__" key would set the prototype and lose it.
          attrs = { ...attrs, ...(next.meta as Record<string, unknown>) };
          index++;
        }
        items.push({ kind: 'image', node: { type: 'image', attrs } });
        break;
      }
      case DOCMOST_TOKEN.open: {
        const tag = token.meta as Extract<InlineTag, { kind: 'open' }>;
        stack.push({ opener: tag.tag, mark: tag.mark });
        break;
      }
      case DOCMOST_TOKEN.close:
        // A closing tag whose opening tag is not one the dialect reads (`<span class="x">`) is text.
        if (
          !close(
            (token.meta as Extract<InlineTag, { kind: 'close' }>).tag,
            token.content,
          )
        )
          pushInline(withMarks({ type: 'text', text: token.content }, stack));
        break;
      case DOCMOST_TOKEN.node:
        pushInline(
          withMarks(
            (token.meta as Extract<InlineTag, { kind: 'node' }>).node,
            stack,
          ),
        );
        break;
      case DOCMOST_TOKEN.attributes:
        // Not at the end of a block nor after an image: literal text, as the author typed it.
        pushInline(withMarks({ type: 'text', text: token.content }, stack));
        break;
      case DOCMOST_TOKEN.invalid:
        throw new MarkdownSyntaxError(
          line,
          (token.meta as Extract<InlineTag, { kind: 'invalid' }>).problem,
        );
      default:
        throw new MarkdownSyntaxError(
          line,
          `unsupported inline Markdown (${token.type})`,
        );
    }
  }
  const unclosed = stack[stack.length - 1];
  if (unclosed) {
    const tag = unclosed.opener;
    throw new MarkdownSyntaxError(
      line,
      `<${tag}> is opened but never closed in this block; close it with </${tag}>, or write \\<${tag}> for the literal text`,
    );
  }
  return attributes === undefined ? { items } : { items, attributes };
}
