import { isDeepStrictEqual } from 'node:util';
import type { ProseMirrorMark, ProseMirrorNode } from '../prosemirror';

/**
 * Attribute values every node (or mark) of a type shares in one document. Docmost's editor
 * stores each attribute's default on every node (`textAlign: "left"` on every paragraph,
 * `backgroundColor: null` on every table cell, `type: null` on every ordered list); written on
 * each block they would bury the text. The export states them once, in a leading
 * ```` ```docmost-defaults ```` block, and the import puts them back on every node of the type.
 */
export interface AttributeDefaults {
  readonly nodes: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly marks: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

export const DEFAULTS_BLOCK_LANGUAGE = 'docmost-defaults';

/**
 * Attributes the Markdown syntax itself carries (a heading's level, a link's target...), and
 * block ids, which differ per block: never moved into the defaults.
 */
const SYNTAX_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  heading: ['level'],
  orderedList: ['start'],
  taskItem: ['checked'],
  callout: ['type'],
  codeBlock: ['language'],
  image: ['src', 'alt', 'title'],
  tableCell: ['colspan', 'rowspan', 'colwidth'],
  tableHeader: ['colspan', 'rowspan', 'colwidth'],
  link: ['href', 'target', 'rel'],
  comment: ['commentId', 'resolved'],
};

interface Shared {
  count: number;
  pairs: Map<string, unknown>;
}

function share(
  table: Map<string, Shared>,
  type: string,
  attrs: Readonly<Record<string, unknown>> | undefined,
): void {
  const excluded = SYNTAX_ATTRIBUTES[type] ?? [];
  const own = Object.entries(attrs ?? {}).filter(
    ([key]) => key !== 'id' && !excluded.includes(key),
  );
  const entry = table.get(type);
  if (!entry) {
    table.set(type, { count: 1, pairs: new Map(own) });
    return;
  }
  entry.count++;
  for (const [key, value] of entry.pairs) {
    if (
      !attrs ||
      !Object.hasOwn(attrs, key) ||
      !isDeepStrictEqual(attrs[key], value)
    )
      entry.pairs.delete(key);
  }
}

/**
 * Types whose extra attributes an attribute block can carry in place. One such node's
 * attributes are not a pattern: moving them to the header would only take them away from it.
 */
const IN_PLACE_TYPES: ReadonlySet<string> = new Set([
  'paragraph',
  'heading',
  'image',
  'callout',
]);

/**
 * Types written in Markdown syntax with no place for extra attributes (a list, a table cell, a
 * bold mark): their shared values move to the header even when the type occurs once. Nodes
 * and marks written as spans or JSON blocks carry all their attributes already.
 */
const SYNTAX_ONLY_TYPES: ReadonlySet<string> = new Set([
  'bulletList',
  'orderedList',
  'taskList',
  'listItem',
  'taskItem',
  'blockquote',
  'table',
  'tableRow',
  'tableCell',
  'tableHeader',
  'codeBlock',
  'horizontalRule',
  'hardBreak',
  'text',
  'bold',
  'italic',
  'strike',
  'code',
  'underline',
  'subscript',
  'superscript',
  'link',
  'comment',
]);

function defaultsOf(
  table: Map<string, Shared>,
): Record<string, Record<string, unknown>> {
  const result: Record<string, Record<string, unknown>> = {};
  for (const [type, { count, pairs }] of table) {
    if (
      pairs.size > 0 &&
      (SYNTAX_ONLY_TYPES.has(type) || (IN_PLACE_TYPES.has(type) && count >= 2))
    )
      result[type] = Object.fromEntries(pairs);
  }
  return result;
}

/** The attribute values shared by every node, and every mark, of a type written in Markdown syntax. */
export function findAttributeDefaults(doc: ProseMirrorNode): AttributeDefaults {
  const nodes = new Map<string, Shared>();
  const marks = new Map<string, Shared>();
  const visit = (node: ProseMirrorNode): void => {
    if (node.type !== 'doc') share(nodes, node.type, node.attrs);
    for (const mark of node.marks ?? []) share(marks, mark.type, mark.attrs);
    node.content?.forEach(visit);
  };
  visit(doc);
  return { nodes: defaultsOf(nodes), marks: defaultsOf(marks) };
}

export function hasDefaults(defaults: AttributeDefaults): boolean {
  return (
    Object.keys(defaults.nodes).length > 0 ||
    Object.keys(defaults.marks).length > 0
  );
}

function strip<Item extends ProseMirrorNode | ProseMirrorMark>(
  item: Item,
  shared: Readonly<Record<string, unknown>> | undefined,
): Item {
  if (!shared || !item.attrs) return item;
  const rest = Object.fromEntries(
    Object.entries(item.attrs).filter(([key]) => !Object.hasOwn(shared, key)),
  );
  const { attrs: _removed, ...withoutAttrs } = item;
  // Attributes that were all defaults leave no `attrs` behind (rather than `{}`), so a plain
  // paragraph stays plain; `withDefaults` recreates them.
  return (
    Object.keys(rest).length > 0
      ? { ...withoutAttrs, attrs: rest }
      : withoutAttrs
  ) as Item;
}

function restore<Item extends ProseMirrorNode | ProseMirrorMark>(
  item: Item,
  shared: Readonly<Record<string, unknown>> | undefined,
): Item {
  // Attributes written on the node win, so an edited file can still set one node apart.
  return shared ? { ...item, attrs: { ...shared, ...item.attrs } } : item;
}

function mapDocument(
  node: ProseMirrorNode,
  defaults: AttributeDefaults,
  apply: <Item extends ProseMirrorNode | ProseMirrorMark>(
    item: Item,
    shared: Readonly<Record<string, unknown>> | undefined,
  ) => Item,
): ProseMirrorNode {
  let result =
    node.type === 'doc' ? node : apply(node, defaults.nodes[node.type]);
  if (node.marks)
    result = {
      ...result,
      marks: node.marks.map((mark) => apply(mark, defaults.marks[mark.type])),
    };
  if (node.content)
    result = {
      ...result,
      content: node.content.map((child) => mapDocument(child, defaults, apply)),
    };
  return result;
}

/** The document with the default values removed from every node and mark they apply to. */
export function withoutDefaults(
  doc: ProseMirrorNode,
  defaults: AttributeDefaults,
): ProseMirrorNode {
  return mapDocument(doc, defaults, strip);
}

/** The document with the default values put back on every node and mark of their type. */
export function withDefaults(
  doc: ProseMirrorNode,
  defaults: AttributeDefaults,
): ProseMirrorNode {
  return mapDocument(doc, defaults, restore);
}
