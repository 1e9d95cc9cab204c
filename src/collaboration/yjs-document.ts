import { Y, type YXmlElement, type YXmlFragment, type YXmlText } from './yjs';
import type { ProseMirrorMark, ProseMirrorNode } from '../document';

/**
 * ProseMirror JSON <-> a Yjs XML fragment, in the encoding y-prosemirror (and so Docmost's
 * editor and its collaboration server) uses: a node is a `YXmlElement` named by its type with
 * its non-null attributes; a run of adjacent text nodes is one `YXmlText` whose formatting
 * attributes are the marks (`{ bold: {} }`, `{ comment: { commentId, resolved } }`). Written
 * without a ProseMirror schema, so any node type Docmost's editor has round-trips, and with the
 * same normalisation the editor's own conversion applies: null attributes are dropped, a mark
 * without attributes reads back without `attrs`.
 */

/** Docmost's document lives in this fragment of the page's Yjs document. */
export const DOCUMENT_FRAGMENT = 'default';

/** y-prosemirror keys an overlapping mark `<type>--<hash>`; the mark's type is the part before. */
function markTypeOfAttribute(key: string): string {
  const separator = key.indexOf('--');
  return separator === -1 ? key : key.slice(0, separator);
}

function marksOf(
  attributes: Record<string, unknown> | undefined,
): ProseMirrorMark[] {
  if (!attributes) return [];
  const marks: ProseMirrorMark[] = [];
  for (const [key, value] of Object.entries(attributes)) {
    if (value === null || value === undefined) continue;
    const attrs =
      typeof value === 'object' && Object.keys(value).length > 0
        ? (value as Record<string, unknown>)
        : undefined;
    marks.push(
      attrs
        ? { type: markTypeOfAttribute(key), attrs }
        : { type: markTypeOfAttribute(key) },
    );
  }
  return marks;
}

interface TextDeltaOperation {
  readonly insert: unknown;
  readonly attributes?: Record<string, unknown>;
}

/** A text child's runs as ProseMirror text nodes (marks by type, overlapping keys resolved). */
export function textNodesOf(text: YXmlText): ProseMirrorNode[] {
  const nodes: ProseMirrorNode[] = [];
  for (const operation of text.toDelta() as TextDeltaOperation[]) {
    if (typeof operation.insert !== 'string' || operation.insert === '')
      continue;
    const marks = marksOf(operation.attributes);
    nodes.push(
      marks.length > 0
        ? { type: 'text', text: operation.insert, marks }
        : { type: 'text', text: operation.insert },
    );
  }
  return nodes;
}

function childrenOf(
  type: YXmlElement | YXmlFragment,
): ProseMirrorNode[] | undefined {
  const children: ProseMirrorNode[] = [];
  for (const child of type.toArray()) {
    if (child instanceof Y.XmlText) children.push(...textNodesOf(child));
    else if (child instanceof Y.XmlElement) children.push(elementToNode(child));
  }
  return children.length > 0 ? children : undefined;
}

function attributesOf(element: YXmlElement) {
  const attributes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(
    element.getAttributes() as Record<string, unknown>,
  )) {
    if (value !== null && value !== undefined) attributes[key] = value;
  }
  return Object.keys(attributes).length > 0 ? attributes : undefined;
}

/** One element of the fragment as a ProseMirror node. */
export function elementToNode(element: YXmlElement): ProseMirrorNode {
  const attrs = attributesOf(element);
  const content = childrenOf(element);
  return {
    type: element.nodeName,
    ...(attrs ? { attrs } : {}),
    ...(content ? { content } : {}),
  };
}

/** The document a fragment holds, as `{ type: 'doc', content }`. */
export function fragmentToDocument(fragment: YXmlFragment): ProseMirrorNode {
  return { type: 'doc', content: childrenOf(fragment) ?? [] };
}

/** Format attributes of a text run: each mark by its type, `{}` for a mark without attributes. */
export function markAttributes(
  marks: readonly ProseMirrorMark[] | undefined,
): Record<string, unknown> {
  const attributes: Record<string, unknown> = {};
  for (const mark of marks ?? []) attributes[mark.type] = mark.attrs ?? {};
  return attributes;
}

/** What an element's children are in Yjs: runs of text (one `YXmlText` each) and elements. */
export type YChild =
  | {
      readonly kind: 'text';
      readonly runs: readonly ProseMirrorNode[];
    }
  | { readonly kind: 'element'; readonly node: ProseMirrorNode };

/** Groups a node's content as Yjs holds it: adjacent text nodes make one text child. */
export function yChildrenOf(
  content: readonly ProseMirrorNode[] | undefined,
): YChild[] {
  const children: YChild[] = [];
  for (const node of content ?? []) {
    if (node.type === 'text') {
      if ((node.text ?? '') === '') continue;
      const last = children[children.length - 1];
      if (last?.kind === 'text') (last.runs as ProseMirrorNode[]).push(node);
      else children.push({ kind: 'text', runs: [node] });
    } else {
      children.push({ kind: 'element', node });
    }
  }
  return children;
}

/** A new (not yet inserted) `YXmlText` holding the runs. */
export function createYText(runs: readonly ProseMirrorNode[]): YXmlText {
  const text = new Y.XmlText();
  text.applyDelta(
    runs.map((run) => ({
      insert: run.text ?? '',
      attributes: markAttributes(run.marks),
    })),
  );
  return text;
}

/** A new (not yet inserted) `YXmlElement` for a node and its whole subtree. */
export function createYElement(node: ProseMirrorNode): YXmlElement {
  const element = new Y.XmlElement(node.type);
  for (const [key, value] of Object.entries(node.attrs ?? {})) {
    if (value !== null && value !== undefined)
      element.setAttribute(key, value as string);
  }
  const children = yChildrenOf(node.content).map((child) =>
    child.kind === 'text'
      ? createYText(child.runs)
      : createYElement(child.node),
  );
  if (children.length > 0) element.insert(0, children);
  return element;
}

/** Replaces a fragment's content with a document (for loading a page that has no Yjs state). */
export function fillFragment(
  fragment: YXmlFragment,
  document: ProseMirrorNode,
): void {
  if (fragment.length > 0) fragment.delete(0, fragment.length);
  const blocks = (document.content ?? []).map(createYElement);
  if (blocks.length > 0) fragment.insert(0, blocks);
}
