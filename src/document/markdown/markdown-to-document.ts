import type MarkdownIt from 'markdown-it';
import type { ProseMirrorNode } from '../prosemirror';
import {
  DEFAULTS_BLOCK_LANGUAGE,
  withDefaults,
  type AttributeDefaults,
} from './attribute-defaults';
import type {
  CalloutMeta,
  DroppedMeta,
  TaskItemMeta,
  TaskListMeta,
} from './block-markers';
import { TABLE_CELL_ATTRS } from './dialect-defaults';
import { convertInline, type ConvertedInline } from './inline-to-nodes';
import { JSON_BLOCK_LANGUAGE } from './json-block';
import { createMarkdownParser } from './markdown-parser';
import { MarkdownSyntaxError } from './markdown-syntax-error';

type Token = MarkdownIt.Token;

interface TreeNode {
  readonly token: Token;
  readonly children: TreeNode[];
}

const parser = createMarkdownParser();

/** markdown-it's flat open/close token stream as a tree. */
function buildTree(tokens: readonly Token[]): TreeNode[] {
  const root: TreeNode[] = [];
  const stack: TreeNode[][] = [root];
  for (const token of tokens) {
    const siblings = stack[stack.length - 1]!;
    if (token.nesting === 1) {
      const node: TreeNode = { token, children: [] };
      siblings.push(node);
      stack.push(node.children);
    } else if (token.nesting === -1) {
      stack.pop();
    } else {
      siblings.push({ token, children: [] });
    }
  }
  return root;
}

function lineOf(node: TreeNode): number | undefined {
  return node.token.map ? node.token.map[0] + 1 : undefined;
}

function inlineOf(node: TreeNode): ConvertedInline {
  const inline = node.children.find((child) => child.token.type === 'inline');
  return convertInline(inline?.token.children ?? [], lineOf(node));
}

function isBlank(node: ProseMirrorNode): boolean {
  return node.type === 'text' && (node.text ?? '').trim() === '';
}

/**
 * A text block's content as blocks: usually one paragraph, but an image is a block of its own
 * in Docmost, so a paragraph holding images is split around them (whitespace between them is
 * dropped). The attribute block goes to the first paragraph.
 */
function paragraphBlocks(converted: ConvertedInline): ProseMirrorNode[] {
  const blocks: ProseMirrorNode[] = [];
  let attributes = converted.attributes;
  let run: ProseMirrorNode[] = [];
  const hasImages = converted.items.some((item) => item.kind === 'image');
  const flush = (): void => {
    if (hasImages && run.every(isBlank) && attributes === undefined) {
      run = [];
      return;
    }
    blocks.push({
      type: 'paragraph',
      ...(attributes !== undefined ? { attrs: attributes } : {}),
      ...(run.length > 0 ? { content: run } : {}),
    });
    attributes = undefined;
    run = [];
  };
  for (const item of converted.items) {
    if (item.kind === 'inline') {
      run.push(item.node);
      continue;
    }
    if (run.length > 0) flush();
    blocks.push(item.node);
  }
  if (run.length > 0 || !hasImages || attributes !== undefined) flush();
  return blocks;
}

function headingBlock(node: TreeNode): ProseMirrorNode {
  const converted = inlineOf(node);
  // A heading holds text only: an image inside one keeps its alt text.
  const content = converted.items.map((item) =>
    item.kind === 'image'
      ? { type: 'text', text: String(item.node.attrs?.alt ?? '') }
      : item.node,
  );
  const level = Number(node.token.tag.slice(1));
  return {
    type: 'heading',
    attrs: { ...converted.attributes, level },
    ...(content.length > 0 ? { content } : {}),
  };
}

function listItems(node: TreeNode, taskList: boolean): ProseMirrorNode[] {
  return node.children.map((item) => {
    let content = convertBlocks(item.children);
    // Docmost's list items start with a paragraph; Markdown may start one with code or a quote.
    if (content[0]?.type !== 'paragraph')
      content = [{ type: 'paragraph' }, ...content];
    if (!taskList) return { type: 'listItem', content };
    return {
      type: 'taskItem',
      attrs: { checked: (item.token.meta as TaskItemMeta).checked },
      content,
    };
  });
}

function tableBlock(node: TreeNode): ProseMirrorNode {
  const rows = node.children.flatMap((section) => section.children);
  return {
    type: 'table',
    content: rows.map((row) => ({
      type: 'tableRow',
      content: row.children.map((cell) => {
        const content = paragraphBlocks(inlineOf(cell));
        return {
          type: cell.token.type === 'th_open' ? 'tableHeader' : 'tableCell',
          attrs: { ...TABLE_CELL_ATTRS },
          content: content.length > 0 ? content : [{ type: 'paragraph' }],
        };
      }),
    })),
  };
}

/** The JSON a fenced block holds; `what` ends the error when it is not JSON (what it must hold). */
function parseFencedJson(node: TreeNode, language: string, what = ''): unknown {
  try {
    return JSON.parse(node.token.content);
  } catch (error) {
    throw new MarkdownSyntaxError(
      lineOf(node),
      `the ${language} block is not valid JSON (${(error as Error).message})${what}`,
    );
  }
}

function readJsonBlock(node: TreeNode): ProseMirrorNode {
  const value = parseFencedJson(
    node,
    JSON_BLOCK_LANGUAGE,
    '; it must hold one ProseMirror node as exportPageMarkdown wrote it',
  );
  if (
    typeof value !== 'object' ||
    value === null ||
    Array.isArray(value) ||
    typeof (value as { type?: unknown }).type !== 'string'
  ) {
    throw new MarkdownSyntaxError(
      lineOf(node),
      `the ${JSON_BLOCK_LANGUAGE} block must hold one ProseMirror node: a JSON object with a string "type"`,
    );
  }
  return value as ProseMirrorNode;
}

function isFenceOf(
  node: TreeNode | undefined,
  language: string,
): node is TreeNode {
  return (
    node?.token.type === 'fence' &&
    node.token.info.trim().split(/\s+/)[0] === language
  );
}

function isJsonBlock(node: TreeNode): boolean {
  return isFenceOf(node, JSON_BLOCK_LANGUAGE);
}

function isAttributesObject(
  value: unknown,
): value is Readonly<Record<string, Readonly<Record<string, unknown>>>> {
  const isObject = (item: unknown): item is Record<string, unknown> =>
    typeof item === 'object' && item !== null && !Array.isArray(item);
  return isObject(value) && Object.values(value).every(isObject);
}

function readDefaultsBlock(node: TreeNode): AttributeDefaults {
  const value = parseFencedJson(node, DEFAULTS_BLOCK_LANGUAGE);
  const { nodes, marks, ...rest } = (
    typeof value === 'object' && value !== null ? value : {}
  ) as Record<string, unknown>;
  if (
    !isAttributesObject(nodes ?? {}) ||
    !isAttributesObject(marks ?? {}) ||
    Object.keys(rest).length > 0
  ) {
    throw new MarkdownSyntaxError(
      lineOf(node),
      `the ${DEFAULTS_BLOCK_LANGUAGE} block must be {"nodes": {"<node type>": {<attributes>}}, "marks": {"<mark type>": {<attributes>}}}`,
    );
  }
  return {
    nodes: (nodes ?? {}) as AttributeDefaults['nodes'],
    marks: (marks ?? {}) as AttributeDefaults['marks'],
  };
}

function codeBlock(node: TreeNode): ProseMirrorNode {
  const language =
    node.token.type === 'fence'
      ? node.token.info.trim().split(/\s+/)[0] || null
      : null;
  const text = node.token.content.endsWith('\n')
    ? node.token.content.slice(0, -1)
    : node.token.content;
  return {
    type: 'codeBlock',
    attrs: { language },
    ...(text !== '' ? { content: [{ type: 'text', text }] } : {}),
  };
}

function convertBlock(node: TreeNode): ProseMirrorNode[] {
  const token = node.token;
  switch (token.type) {
    case 'paragraph_open':
      return (token.meta as DroppedMeta | null)?.dropped
        ? []
        : paragraphBlocks(inlineOf(node));
    case 'heading_open':
      return [headingBlock(node)];
    case 'blockquote_open': {
      const callout = (token.meta as CalloutMeta | null)?.callout;
      const blocks = convertBlocks(node.children);
      // A bare `>` or `> [!info]` still holds a block: Docmost's editor has no empty quote or callout.
      const content = blocks.length > 0 ? blocks : [{ type: 'paragraph' }];
      if (!callout) return [{ type: 'blockquote', content }];
      return [
        {
          type: 'callout',
          attrs: { type: callout.type, ...callout.attributes },
          content,
        },
      ];
    }
    case 'bullet_list_open': {
      const taskList = (token.meta as TaskListMeta | null)?.taskList === true;
      return [
        {
          type: taskList ? 'taskList' : 'bulletList',
          content: listItems(node, taskList),
        },
      ];
    }
    case 'ordered_list_open':
      return [
        {
          type: 'orderedList',
          attrs: { start: Number(token.attrGet('start') ?? 1) },
          content: listItems(node, false),
        },
      ];
    case 'fence':
      if (isJsonBlock(node)) {
        const json = readJsonBlock(node);
        if (json.type === 'doc') {
          throw new MarkdownSyntaxError(
            lineOf(node),
            `a ${JSON_BLOCK_LANGUAGE} block holding a whole document ("type": "doc") must be the only content of the file`,
          );
        }
        return [json];
      }
      return [codeBlock(node)];
    case 'code_block':
      return [codeBlock(node)];
    case 'hr':
      return [{ type: 'horizontalRule' }];
    case 'table_open':
      return [tableBlock(node)];
    default:
      throw new MarkdownSyntaxError(
        lineOf(node),
        `unsupported Markdown block (${token.type})`,
      );
  }
}

function convertBlocks(nodes: readonly TreeNode[]): ProseMirrorNode[] {
  return nodes.flatMap(convertBlock);
}

/**
 * Reads Docmost-flavoured Markdown (see document-to-markdown.ts for the dialect) as a
 * ProseMirror document. Plain Markdown reads too; its blocks get no ids (callers add fresh
 * ones). Throws `MarkdownSyntaxError`, naming the line, for annotations it cannot read. The
 * result is not yet checked against Docmost's schema: callers validate it before writing.
 */
export function markdownToDocument(markdown: string): ProseMirrorNode {
  const tree = buildTree(parser.parse(markdown, {}));
  const defaults = isFenceOf(tree[0], DEFAULTS_BLOCK_LANGUAGE)
    ? readDefaultsBlock(tree.shift()!)
    : undefined;
  const only = tree.length === 1 ? tree[0]! : undefined;
  const whole = only && isJsonBlock(only) ? readJsonBlock(only) : undefined;
  const doc =
    whole?.type === 'doc'
      ? whole
      : { type: 'doc', content: convertBlocks(tree) };
  return defaults ? withDefaults(doc, defaults) : doc;
}
