import { isDeepStrictEqual } from 'node:util';
import type { ProseMirrorNode } from '../prosemirror';
import { formatAttributeBlock } from './attribute-block';
import { DEFAULTS_BLOCK_LANGUAGE } from './attribute-defaults';
import { TABLE_CELL_ATTRS } from './dialect-defaults';
import { escapeText } from './escape-text';
import {
  inlineToMarkdown,
  linkDestination,
  type InlineStyle,
} from './inline-to-markdown';
import { JSON_BLOCK_LANGUAGE, fenceFor, jsonBlock } from './json-block';
import { NotExpressibleError } from './not-expressible-error';
import { readsBackAs } from './reads-back-as';

/** The marker a list used, so that the next sibling list can use the other one. */
export type ListMarker = '-' | '*' | '.' | ')';

export interface WrittenBlock {
  readonly text: string;
  readonly marker?: ListMarker;
}

const INLINE_STYLES: readonly InlineStyle[] = ['markdown', 'tags'];
const CODE_LANGUAGE = /^[^\s`\\&]+$/;
const CALLOUT_TYPE = /^[a-z][a-z0-9_-]*$/;

function checkKeys(node: ProseMirrorNode, allowed: readonly string[]): void {
  const extra = Object.keys(node).filter((key) => !allowed.includes(key));
  if (extra.length > 0)
    throw new NotExpressibleError(`${node.type} with ${extra.join(', ')}`);
}

function isPlainObject(
  value: unknown,
): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function children(
  node: ProseMirrorNode,
  options: { readonly required: boolean },
): readonly ProseMirrorNode[] {
  if (node.content === undefined && !options.required) return [];
  if (!Array.isArray(node.content) || node.content.length === 0)
    throw new NotExpressibleError(`${node.type} without children`);
  return node.content;
}

function writeParagraph(
  node: ProseMirrorNode,
  style: InlineStyle,
  cell: boolean,
): string {
  checkKeys(node, ['type', 'attrs', 'content']);
  const inline = inlineToMarkdown(node.content ?? [], {
    style,
    singleLine: cell,
    inTable: cell,
  });
  if (node.attrs !== undefined && !isPlainObject(node.attrs))
    throw new NotExpressibleError('paragraph attrs');
  const attributes =
    node.attrs === undefined ? '' : formatAttributeBlock(node.attrs);
  if (inline === '' && attributes === '' && !cell)
    throw new NotExpressibleError('an empty paragraph without attributes');
  return [inline, attributes].filter((part) => part !== '').join(' ');
}

function writeHeading(node: ProseMirrorNode, style: InlineStyle): string {
  checkKeys(node, ['type', 'attrs', 'content']);
  const { level, ...rest } = isPlainObject(node.attrs) ? node.attrs : {};
  if (
    typeof level !== 'number' ||
    !Number.isInteger(level) ||
    level < 1 ||
    level > 6
  )
    throw new NotExpressibleError('heading level');
  const inline = inlineToMarkdown(node.content ?? [], {
    style,
    singleLine: true,
    inTable: false,
  });
  const attributes =
    Object.keys(rest).length > 0 ? formatAttributeBlock(rest) : '';
  return ['#'.repeat(level), inline, attributes]
    .filter((part) => part !== '')
    .join(' ');
}

/**
 * A paragraph or heading in the most readable form that reads back exactly: Markdown
 * delimiters, else explicit tags. Table cells are checked as paragraphs of their own.
 */
function writeTextBlock(node: ProseMirrorNode, cell = false): string {
  for (const style of INLINE_STYLES) {
    try {
      const text =
        node.type === 'heading'
          ? writeHeading(node, style)
          : writeParagraph(node, style, cell);
      const check =
        cell && text === ''
          ? node.attrs === undefined && node.content === undefined
          : readsBackAs(text, node);
      if (check) return text;
    } catch (error) {
      if (!(error instanceof NotExpressibleError)) throw error;
    }
  }
  throw new NotExpressibleError(`${node.type} that reads back differently`);
}

function prefixLines(text: string, first: string, rest: string): string {
  return text
    .split('\n')
    .map((line, index) =>
      index === 0
        ? `${first}${line}`
        : line === ''
          ? rest.trimEnd()
          : `${rest}${line}`,
    )
    .join('\n');
}

function quoteLines(text: string): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');
}

/** Lists that may follow a paragraph line directly: an ordered list must start at 1 to interrupt one. */
function canInterruptParagraph(node: ProseMirrorNode): boolean {
  return (
    node.type === 'bulletList' ||
    node.type === 'taskList' ||
    (node.type === 'orderedList' && node.attrs?.start === 1)
  );
}

/** Blocks of a container, separated by blank lines; a list right after the first paragraph stays attached. */
export function writeChildren(
  nodes: readonly ProseMirrorNode[],
  write: (
    node: ProseMirrorNode,
    previous: ListMarker | undefined,
  ) => WrittenBlock,
): string {
  let previous: ListMarker | undefined;
  let result = '';
  nodes.forEach((node, index) => {
    const written = write(node, previous);
    previous = written.marker;
    if (index > 0)
      result +=
        index === 1 &&
        canInterruptParagraph(node) &&
        nodes[0]!.type === 'paragraph'
          ? '\n'
          : '\n\n';
    result += written.text;
  });
  return result;
}

function writeItems(
  node: ProseMirrorNode,
  markers: readonly string[],
  task: boolean,
): string {
  const bodies = children(node, { required: true }).map((item, index) => {
    const itemType = task ? 'taskItem' : 'listItem';
    if (item.type !== itemType)
      throw new NotExpressibleError(`${item.type} in ${node.type}`);
    checkKeys(item, task ? ['type', 'attrs', 'content'] : ['type', 'content']);
    const blocks = children(item, { required: true });
    if (blocks[0]!.type !== 'paragraph')
      throw new NotExpressibleError(
        'a list item that does not start with a paragraph',
      );
    let body: string;
    if (task) {
      const attrs = item.attrs;
      if (
        !isPlainObject(attrs) ||
        Object.keys(attrs).length !== 1 ||
        typeof attrs.checked !== 'boolean'
      )
        throw new NotExpressibleError('task item attrs');
      // The checkbox lives in the first paragraph's text, so that paragraph must be Markdown.
      const first = writeTextBlock(blocks[0]!);
      body = writeChildren(blocks, (child, previous) =>
        child === blocks[0]
          ? { text: first }
          : writeNestedBlock(child, previous),
      );
      body = `[${attrs.checked ? 'x' : ' '}] ${body}`;
    } else {
      body = writeChildren(blocks, writeNestedBlock);
    }
    const marker = markers[index]!;
    return prefixLines(body, `${marker} `, ' '.repeat(marker.length + 1));
  });
  return bodies.join(
    bodies.some((body) => body.includes('\n\n')) ? '\n\n' : '\n',
  );
}

function writeList(
  node: ProseMirrorNode,
  previous: ListMarker | undefined,
): WrittenBlock {
  if (node.type === 'orderedList') {
    checkKeys(node, ['type', 'attrs', 'content']);
    const attrs = node.attrs;
    if (
      !isPlainObject(attrs) ||
      Object.keys(attrs).length !== 1 ||
      !Number.isInteger(attrs.start)
    )
      throw new NotExpressibleError('ordered list attrs');
    const start = attrs.start as number;
    if (start < 0 || start > 999_999_999 - (node.content?.length ?? 0))
      throw new NotExpressibleError('ordered list start');
    const delimiter: ListMarker = previous === '.' ? ')' : '.';
    const markers = (node.content ?? []).map(
      (_, index) => `${start + index}${delimiter}`,
    );
    return { text: writeItems(node, markers, false), marker: delimiter };
  }
  checkKeys(node, ['type', 'content']);
  const bullet: ListMarker = previous === '-' ? '*' : '-';
  const markers = (node.content ?? []).map(() => bullet);
  return {
    text: writeItems(node, markers, node.type === 'taskList'),
    marker: bullet,
  };
}

function writeCallout(node: ProseMirrorNode): string {
  checkKeys(node, ['type', 'attrs', 'content']);
  const { type, ...rest } = isPlainObject(node.attrs) ? node.attrs : {};
  if (typeof type !== 'string' || !CALLOUT_TYPE.test(type))
    throw new NotExpressibleError('callout type');
  const header = `[!${type}]${Object.keys(rest).length > 0 ? ` ${formatAttributeBlock(rest)}` : ''}`;
  return quoteLines(
    `${header}\n\n${writeChildren(children(node, { required: true }), writeNestedBlock)}`,
  );
}

function writeCodeBlock(node: ProseMirrorNode): string {
  checkKeys(node, ['type', 'attrs', 'content']);
  const attrs = node.attrs;
  if (
    !isPlainObject(attrs) ||
    Object.keys(attrs).length !== 1 ||
    !('language' in attrs)
  )
    throw new NotExpressibleError('code block attrs');
  const language = attrs.language;
  const reserved =
    language === JSON_BLOCK_LANGUAGE || language === DEFAULTS_BLOCK_LANGUAGE;
  if (
    language !== null &&
    (typeof language !== 'string' || !CODE_LANGUAGE.test(language) || reserved)
  ) {
    throw new NotExpressibleError('code block language');
  }
  const content = children(node, { required: false });
  const [textNode] = content;
  if (
    content.length > 1 ||
    (textNode !== undefined &&
      (textNode.type !== 'text' ||
        Object.keys(textNode).length !== 2 ||
        !textNode.text))
  ) {
    throw new NotExpressibleError('code block content');
  }
  const text = textNode?.text ?? '';
  const fence = fenceFor(text);
  return `${fence}${language ?? ''}\n${text === '' ? '' : `${text}\n`}${fence}`;
}

function writeImage(node: ProseMirrorNode): string {
  checkKeys(node, ['type', 'attrs']);
  const { src, alt, title, ...rest } = isPlainObject(node.attrs)
    ? node.attrs
    : {};
  if (
    typeof src !== 'string' ||
    typeof alt !== 'string' ||
    (title !== null && typeof title !== 'string')
  )
    throw new NotExpressibleError('image attrs');
  if (title !== null && /[\n\r]/.test(title))
    throw new NotExpressibleError('a line break in an image title');
  const label = escapeText(alt, {
    atLineStart: false,
    atLineEnd: false,
    previous: '[',
  });
  const titlePart =
    title === null
      ? ''
      : ` "${title.replace(/[\\"&]/g, (character) => `\\${character}`)}"`;
  const attributes =
    Object.keys(rest).length > 0 ? formatAttributeBlock(rest) : '';
  return `![${label}](${linkDestination(src)}${titlePart})${attributes}`;
}

function writeTable(node: ProseMirrorNode): string {
  checkKeys(node, ['type', 'content']);
  const rows = children(node, { required: true });
  const width = rows[0]!.content?.length ?? 0;
  const lines = rows.map((row, rowIndex) => {
    checkKeys(row, ['type', 'content']);
    const cells = children(row, { required: true });
    if (row.type !== 'tableRow' || cells.length !== width)
      throw new NotExpressibleError('a table row');
    const texts = cells.map((cell) => {
      checkKeys(cell, ['type', 'attrs', 'content']);
      if (
        cell.type !== (rowIndex === 0 ? 'tableHeader' : 'tableCell') ||
        !isDeepStrictEqual(cell.attrs, TABLE_CELL_ATTRS)
      )
        throw new NotExpressibleError('a table cell');
      const blocks = children(cell, { required: true });
      if (blocks.length !== 1 || blocks[0]!.type !== 'paragraph')
        throw new NotExpressibleError(
          'a table cell with other than one paragraph',
        );
      return writeTextBlock(blocks[0]!, true);
    });
    return `| ${texts.join(' | ')} |`;
  });
  lines.splice(1, 0, `|${' --- |'.repeat(width)}`);
  return lines.join('\n');
}

/** One block in Markdown; throws `NotExpressibleError` when the dialect has no exact form for it. */
export function writeBlock(
  node: ProseMirrorNode,
  previous: ListMarker | undefined,
): WrittenBlock {
  switch (node.type) {
    case 'paragraph':
    case 'heading':
      return { text: writeTextBlock(node) };
    case 'bulletList':
    case 'orderedList':
    case 'taskList':
      return writeList(node, previous);
    case 'blockquote':
      checkKeys(node, ['type', 'content']);
      return {
        text: quoteLines(
          writeChildren(children(node, { required: true }), writeNestedBlock),
        ),
      };
    case 'callout':
      return { text: writeCallout(node) };
    case 'codeBlock':
      return { text: writeCodeBlock(node) };
    case 'horizontalRule':
      checkKeys(node, ['type']);
      return { text: '---' };
    case 'image':
      return { text: writeImage(node) };
    case 'table':
      return { text: writeTable(node) };
    default:
      throw new NotExpressibleError(node.type);
  }
}

/** A block inside a container: Markdown when the dialect can say it, else its JSON block. */
export function writeNestedBlock(
  node: ProseMirrorNode,
  previous: ListMarker | undefined,
): WrittenBlock {
  try {
    return writeBlock(node, previous);
  } catch (error) {
    if (error instanceof NotExpressibleError) return { text: jsonBlock(node) };
    throw error;
  }
}
