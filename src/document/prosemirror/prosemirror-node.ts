/** ProseMirror JSON as Docmost stores it in `pages.content` (a `doc` node at the root). */
export interface ProseMirrorMark {
  readonly type: string;
  readonly attrs?: Readonly<Record<string, unknown>>;
}

export interface ProseMirrorNode {
  readonly type: string;
  readonly attrs?: Readonly<Record<string, unknown>>;
  readonly content?: readonly ProseMirrorNode[];
  readonly text?: string;
  readonly marks?: readonly ProseMirrorMark[];
}

export function isProseMirrorNode(value: unknown): value is ProseMirrorNode {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { type?: unknown }).type === 'string'
  );
}

/** An empty document, what Docmost stores for a new page. */
export const EMPTY_DOCUMENT: ProseMirrorNode = { type: 'doc', content: [] };

/** Reads a page's stored content as a document, tolerating null and JSON strings. */
export function asDocument(content: unknown): ProseMirrorNode {
  const value =
    typeof content === 'string' ? (JSON.parse(content) as unknown) : content;
  return isProseMirrorNode(value) ? value : EMPTY_DOCUMENT;
}

/**
 * A document from the text PostgreSQL gives for a jsonb value (`content::text`), or from the
 * value itself: text is parsed once, then read as `asDocument` reads a stored value, so a
 * column holding the document as a JSON string reads the same either way.
 */
export function readStoredDocument(
  stored: ProseMirrorNode | string | null,
): ProseMirrorNode {
  return typeof stored === 'string'
    ? asDocument(JSON.parse(stored) as unknown)
    : asDocument(stored);
}
