import { isDeepStrictEqual } from 'node:util';
import { blockFingerprint, type ProseMirrorNode } from '../document';
import { Y, type YXmlElement, type YXmlFragment, type YXmlText } from './yjs';
import {
  createYElement,
  createYText,
  elementToNode,
  markAttributes,
  textNodesOf,
  yChildrenOf,
  type YChild,
} from './yjs-document';

/**
 * Minimal in-place updates of Yjs XML, the way y-prosemirror's `updateYFragment` brings a Yjs
 * type in line with a ProseMirror node: equal children at both ends are left alone, a changed
 * child of the same type is updated in place (attributes set one by one, text changed only
 * between its common prefix and suffix), and only what differs is deleted or inserted. Yjs
 * items that are not touched keep their identity, so the cursors and selections of open
 * editors (relative positions on those items) stay where they were. Written on JSON rather
 * than on a ProseMirror node: the package has no schema of Docmost's editor.
 */

type YChildType = YXmlText | YXmlElement;

const TEXT_RUNS = '#text';

function fingerprintOfY(child: YChildType): string {
  return child instanceof Y.XmlText
    ? blockFingerprint({ type: TEXT_RUNS, content: textNodesOf(child) })
    : blockFingerprint(elementToNode(child));
}

function fingerprintOf(child: YChild): string {
  return child.kind === 'text'
    ? blockFingerprint({ type: TEXT_RUNS, content: child.runs })
    : blockFingerprint(child.node);
}

function createYChild(child: YChild): YChildType {
  return child.kind === 'text'
    ? createYText(child.runs)
    : createYElement(child.node);
}

function canUpdateInPlace(current: YChildType, next: YChild): boolean {
  return next.kind === 'text'
    ? current instanceof Y.XmlText
    : current instanceof Y.XmlElement && current.nodeName === next.node.type;
}

interface Character {
  readonly text: string;
  readonly format: string;
}

function charactersOf(
  runs: readonly { text: string; attributes: Record<string, unknown> }[],
): Character[] {
  const characters: Character[] = [];
  for (const run of runs) {
    const format = JSON.stringify(
      Object.entries(run.attributes)
        .filter(([, value]) => value !== null && value !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : 1)),
    );
    // By UTF-16 unit, as Yjs counts positions.
    for (let index = 0; index < run.text.length; index++)
      characters.push({ text: run.text[index]!, format });
  }
  return characters;
}

function isHighSurrogate(unit: string): boolean {
  const code = unit.charCodeAt(0);
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(unit: string): boolean {
  const code = unit.charCodeAt(0);
  return code >= 0xdc00 && code <= 0xdfff;
}

/** Changes a text child only between its common prefix and suffix with the new runs. */
function updateYText(text: YXmlText, runs: readonly ProseMirrorNode[]): void {
  const before = charactersOf(
    (
      text.toDelta() as {
        insert: unknown;
        attributes?: Record<string, unknown>;
      }[]
    )
      .filter((operation) => typeof operation.insert === 'string')
      .map((operation) => ({
        text: operation.insert as string,
        attributes: operation.attributes ?? {},
      })),
  );
  const nextRuns = runs.map((run) => ({
    text: run.text ?? '',
    attributes: markAttributes(run.marks),
  }));
  const after = charactersOf(nextRuns);
  const same = (a: Character | undefined, b: Character | undefined) =>
    a !== undefined &&
    b !== undefined &&
    a.text === b.text &&
    a.format === b.format;
  let prefix = 0;
  while (
    prefix < before.length &&
    prefix < after.length &&
    same(before[prefix], after[prefix])
  )
    prefix++;
  let suffix = 0;
  while (
    suffix < before.length - prefix &&
    suffix < after.length - prefix &&
    same(before[before.length - 1 - suffix], after[after.length - 1 - suffix])
  )
    suffix++;
  // Never cut a surrogate pair: the kept half and the changed half would not be one character.
  if (prefix > 0 && isHighSurrogate(before[prefix - 1]!.text)) prefix--;
  if (suffix > 0 && isLowSurrogate(before[before.length - suffix]!.text))
    suffix--;
  const deleted = before.length - prefix - suffix;
  if (deleted > 0) text.delete(prefix, deleted);
  // Insert the new middle run by run, each with its full format (an explicit `{}` clears the
  // formatting Yjs would otherwise carry over from the character before).
  let position = 0;
  let inserted = prefix;
  for (const run of nextRuns) {
    const start = Math.max(position, prefix);
    const end = Math.min(position + run.text.length, after.length - suffix);
    if (end > start) {
      text.insert(inserted, run.text.slice(start - position, end - position), {
        ...run.attributes,
      });
      inserted += end - start;
    }
    position += run.text.length;
  }
}

/** Sets, changes and removes attributes one by one; equal values are left alone. */
function updateAttributes(
  element: YXmlElement,
  attrs: Readonly<Record<string, unknown>> | undefined,
): void {
  const current = element.getAttributes() as Record<string, unknown>;
  for (const key of Object.keys(current)) {
    const next = attrs?.[key];
    if (next === null || next === undefined) element.removeAttribute(key);
  }
  for (const [key, value] of Object.entries(attrs ?? {})) {
    if (value === null || value === undefined) continue;
    if (!isDeepStrictEqual(current[key], value))
      element.setAttribute(key, value as string);
  }
}

/** Brings the children of `parent` in line with `next`, touching only what differs. */
export function updateYChildren(
  parent: YXmlElement | YXmlFragment,
  next: readonly YChild[],
): void {
  const current = parent.toArray() as YChildType[];
  const currentPrints = current.map(fingerprintOfY);
  const nextPrints = next.map(fingerprintOf);
  let prefix = 0;
  while (
    prefix < current.length &&
    prefix < next.length &&
    currentPrints[prefix] === nextPrints[prefix]
  )
    prefix++;
  let suffix = 0;
  while (
    suffix < current.length - prefix &&
    suffix < next.length - prefix &&
    currentPrints[current.length - 1 - suffix] ===
      nextPrints[next.length - 1 - suffix]
  )
    suffix++;
  const oldMiddle = current.slice(prefix, current.length - suffix);
  const newMiddle = next.slice(prefix, next.length - suffix);
  // Pair the changed children in order while they can be updated in place; the rest of the old
  // ones are deleted and the rest of the new ones inserted after the last pair.
  let paired = 0;
  while (
    paired < oldMiddle.length &&
    paired < newMiddle.length &&
    canUpdateInPlace(oldMiddle[paired]!, newMiddle[paired]!)
  ) {
    updateYChild(oldMiddle[paired]!, newMiddle[paired]!);
    paired++;
  }
  const removed = oldMiddle.length - paired;
  if (removed > 0) parent.delete(prefix + paired, removed);
  const added = newMiddle.slice(paired).map(createYChild);
  if (added.length > 0) parent.insert(prefix + paired, added);
}

function updateYChild(current: YChildType, next: YChild): void {
  if (next.kind === 'text') updateYText(current as YXmlText, next.runs);
  else updateYElement(current as YXmlElement, next.node);
}

/**
 * Brings one element (a top-level block, typically) in line with `node`, in place. The caller
 * checks that the element has the node's type; a block of another type is replaced instead.
 */
export function updateYElement(
  element: YXmlElement,
  node: ProseMirrorNode,
): void {
  updateAttributes(element, node.attrs);
  updateYChildren(element, yChildrenOf(node.content));
}
