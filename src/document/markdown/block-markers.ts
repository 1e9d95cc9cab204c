import type MarkdownIt from 'markdown-it';
import { parseAttributeBlock } from './attribute-block';
import { MarkdownSyntaxError } from './markdown-syntax-error';

type Token = MarkdownIt.Token;

/** Set on a blockquote_open that is a callout. */
export interface CalloutMeta {
  readonly callout: {
    readonly type: string;
    readonly attributes: Readonly<Record<string, unknown>>;
  };
}

/** Set on a bullet_list_open whose every item starts with a checkbox, and on those items. */
export interface TaskListMeta {
  readonly taskList: true;
}
export interface TaskItemMeta {
  readonly checked: boolean;
}

/** Set on a paragraph_open that held only a callout marker. */
export interface DroppedMeta {
  readonly dropped: true;
}

/** `[!info]` or `[!warning] {icon="⚠️"}` on the first line of a blockquote, as GitHub alerts. */
const CALLOUT_MARKER =
  /^\[!([A-Za-z][A-Za-z0-9_-]*)\](?:[ \t]+(\{.*\}))?[ \t]*$/;
/** `[ ]`, `[x]` or `[X]` opening a list item's first paragraph, then a space or the end. */
const CHECKBOX = /^\[([ xX])\](?:[ \t]|$)/;

function lineOf(token: Token): number | undefined {
  return token.map ? token.map[0] + 1 : undefined;
}

/** The inline token of a paragraph opening at `index`, if the token there opens one. */
function paragraphInline(
  tokens: readonly Token[],
  index: number,
): Token | undefined {
  return tokens[index]?.type === 'paragraph_open' &&
    tokens[index + 1]?.type === 'inline'
    ? tokens[index + 1]
    : undefined;
}

function markCallout(tokens: Token[], index: number): void {
  const inline = paragraphInline(tokens, index + 1);
  if (!inline) return;
  const newline = inline.content.indexOf('\n');
  const firstLine =
    newline === -1 ? inline.content : inline.content.slice(0, newline);
  const match = CALLOUT_MARKER.exec(firstLine);
  if (!match) return;
  let attributes: Readonly<Record<string, unknown>> = {};
  if (match[2] !== undefined) {
    const parsed = parseAttributeBlock(match[2], 0);
    if (!parsed || parsed.end !== match[2].length) {
      throw new MarkdownSyntaxError(
        lineOf(tokens[index]!),
        `the callout marker "${firstLine}" has a malformed attribute block; write it as [!type] {key=value ...} with JSON or bare-word values`,
      );
    }
    attributes = parsed.attributes;
  }
  const meta: CalloutMeta = {
    callout: { type: match[1]!.toLowerCase(), attributes },
  };
  tokens[index]!.meta = meta;
  inline.content = newline === -1 ? '' : inline.content.slice(newline + 1);
  if (inline.content.trim() === '') {
    const dropped: DroppedMeta = { dropped: true };
    tokens[index + 1]!.meta = dropped;
  }
}

/** Indexes of a list's own list_item_open tokens (not those of nested lists). */
function ownItems(tokens: readonly Token[], listIndex: number): number[] {
  const items: number[] = [];
  let depth = 0;
  for (let index = listIndex + 1; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (token.nesting === -1 && depth === 0) break;
    if (token.type === 'list_item_open' && depth === 0) items.push(index);
    depth += token.nesting;
  }
  return items;
}

function markTaskList(tokens: Token[], index: number): void {
  const items = ownItems(tokens, index);
  const boxes = items.map((item) => {
    const inline = paragraphInline(tokens, item + 1);
    const match = inline && CHECKBOX.exec(inline.content);
    return inline && match ? { inline, match } : undefined;
  });
  if (items.length === 0 || boxes.some((box) => box === undefined)) return;
  const taskList: TaskListMeta = { taskList: true };
  tokens[index]!.meta = taskList;
  items.forEach((item, position) => {
    const { inline, match } = boxes[position]!;
    const meta: TaskItemMeta = { checked: match[1] !== ' ' };
    tokens[item]!.meta = meta;
    inline.content = inline.content.slice(match[0].length);
  });
}

/**
 * A core rule between block and inline parsing: recognises callouts (`> [!info]`) and task lists
 * (`- [ ] item`) on the raw text of their first line, marks their tokens and removes the marker
 * before inline parsing. An escaped `\[` never matches, so literal text cannot turn into either.
 */
function blockMarkersRule(state: MarkdownIt.StateCore): void {
  const tokens = state.tokens;
  for (let index = 0; index < tokens.length; index++) {
    const type = tokens[index]!.type;
    if (type === 'blockquote_open') markCallout(tokens, index);
    else if (type === 'bullet_list_open') markTaskList(tokens, index);
  }
}

export function docmostBlockMarkers(md: MarkdownIt): void {
  md.core.ruler.after('block', 'docmost_block_markers', blockMarkersRule);
}
