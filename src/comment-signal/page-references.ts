import { isUuid } from './is-uuid';

/** Objects visited per tool result at most: a huge result is scanned partly, never slowly. */
const MAX_VISITED_OBJECTS = 200_000;

/** Pages a tool result is about, and the comment anchors found in the content it carried. */
export interface ResultPageReferences {
  /** Page uuids named by the result, in the order first found. */
  readonly pageIds: readonly string[];
  /** Comment ids of `comment` marks, per page whose content carried them. */
  readonly commentMarks: ReadonlyMap<string, ReadonlySet<string>>;
}

type PlainObject = Readonly<Record<string, unknown>>;

/** Arrays and plain objects only: a Buffer (a page's ydoc) or a Date is data, not structure. */
function isPlainObject(value: unknown): value is PlainObject {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function normalisedKey(key: string): string {
  return key.replace(/_/g, '').toLowerCase();
}

/** `pageId`, `page_id`, `parentPageId`, `sourcePageId`, ...: the key names a page. */
function namesOnePage(key: string): boolean {
  return normalisedKey(key).endsWith('pageid');
}

/** `pageIds`, `page_ids`, ...: the key names a list of pages. */
function namesManyPages(key: string): boolean {
  return normalisedKey(key).endsWith('pageids');
}

/** A ProseMirror node or mark: its attrs are document data, never references to work on. */
function isDocumentNode(value: PlainObject): boolean {
  return typeof value.type === 'string' && ('attrs' in value || 'content' in value || 'marks' in value || 'text' in value);
}

/**
 * The page an object stands for: its own `pageId` (a comment, a share, a history entry), or
 * its `id` when it looks like a page (has `slugId`, or `title` and `spaceId`).
 */
function ownPageId(value: PlainObject): string | undefined {
  for (const [key, field] of Object.entries(value)) {
    if (normalisedKey(key) === 'pageid') return isUuid(field) ? field : undefined;
  }
  const looksLikePage = 'slugId' in value || ('title' in value && 'spaceId' in value);
  return looksLikePage && isUuid(value.id) ? value.id : undefined;
}

function pageIdsOfObject(value: PlainObject, into: Set<string>): void {
  for (const [key, field] of Object.entries(value)) {
    if (namesOnePage(key) && isUuid(field)) into.add(field);
    if (namesManyPages(key) && Array.isArray(field)) for (const item of field) if (isUuid(item)) into.add(item);
  }
  const own = ownPageId(value);
  if (own !== undefined) into.add(own);
}

function commentIdsOfMarks(marks: unknown, into: Set<string>): void {
  if (!Array.isArray(marks)) return;
  for (const mark of marks) {
    if (!isPlainObject(mark) || mark.type !== 'comment' || !isPlainObject(mark.attrs)) continue;
    const commentId = mark.attrs.commentId;
    if (typeof commentId === 'string' && commentId !== '') into.add(commentId);
  }
}

/** Page uuids in a tool's input, by key name; slug ids are left out (they cannot be counted). */
export function pageIdsInInput(input: unknown): string[] {
  return [...findResultPageReferences(input).pageIds];
}

/**
 * Walks a tool result generically (no per-tool code): page ids by key name and page-like
 * objects, and `comment` marks attributed to the nearest enclosing object that names a page
 * (or `fallbackPageId` when none does, e.g. a bare document returned for the input's page).
 */
export function findResultPageReferences(result: unknown, fallbackPageId?: string): ResultPageReferences {
  const pageIds = new Set<string>();
  const commentMarks = new Map<string, Set<string>>();
  const stack: Array<{ readonly value: unknown; readonly pageId: string | undefined; readonly inDocument: boolean }> = [
    { value: result, pageId: fallbackPageId, inDocument: false },
  ];
  const visited = new Set<object>();
  while (stack.length > 0 && visited.size < MAX_VISITED_OBJECTS) {
    const { value, pageId, inDocument } = stack.pop()!;
    if (Array.isArray(value)) {
      if (visited.has(value)) continue;
      visited.add(value);
      for (let index = value.length - 1; index >= 0; index--) stack.push({ value: value[index], pageId, inDocument });
      continue;
    }
    if (!isPlainObject(value) || visited.has(value)) continue;
    visited.add(value);
    let contextPageId = pageId;
    const documentNode = inDocument || isDocumentNode(value);
    if (documentNode) {
      if (contextPageId !== undefined && 'marks' in value) {
        const marks = commentMarks.get(contextPageId) ?? new Set<string>();
        commentIdsOfMarks(value.marks, marks);
        if (marks.size > 0) commentMarks.set(contextPageId, marks);
      }
    } else {
      pageIdsOfObject(value, pageIds);
      contextPageId = ownPageId(value) ?? pageId;
    }
    const entries = Object.values(value);
    for (let index = entries.length - 1; index >= 0; index--) {
      const entry = entries[index];
      if (entry !== null && typeof entry === 'object') stack.push({ value: entry, pageId: contextPageId, inDocument: documentNode });
    }
  }
  return { pageIds: [...pageIds], commentMarks };
}
