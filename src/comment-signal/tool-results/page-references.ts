import { isUuid } from '../../ground';

/**
 * How deep page ids are looked for: the result, its fields, and their fields. Tool results name
 * the pages they are about there (a page, a list of hits, comments, shares); deeper lies data.
 */
const MAX_PAGE_DEPTH = 2;
/** Document nodes walked per result at most: a huge document is scanned partly, never slowly. */
const MAX_DOCUMENT_NODES = 200_000;

/** Pages a tool result is about, and the comment anchors found in the content it carried. */
export interface ResultPageReferences {
  /** Page uuids named by the result, in the order first found. */
  readonly pageIds: readonly string[];
  /** Comment ids of `comment` marks, per page whose content carried them. */
  readonly commentMarks: ReadonlyMap<string, ReadonlySet<string>>;
}

export interface ResultScanOptions {
  /**
   * Stop collecting page ids after this many: a result naming more is a listing whose pages
   * are not worked on, so the rest cannot matter. Default: no limit.
   */
  readonly maxPageIds?: number;
}

type PlainObject = Readonly<Record<string, unknown>>;

/** Arrays and plain objects only: a Buffer (a page's ydoc) or a Date is data, not structure. */
function isPlainObject(value: unknown): value is PlainObject {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function normalisedKey(key: string): string {
  return key.replace(/_/g, '').toLowerCase();
}

/** A ProseMirror node or mark: its attrs are document data, never references to work on. */
function isDocumentNode(value: PlainObject): boolean {
  return (
    typeof value.type === 'string' &&
    ('attrs' in value ||
      'content' in value ||
      'marks' in value ||
      'text' in value)
  );
}

/**
 * The page an object stands for: its own `pageId` (a comment, a share, a history entry), or
 * its `id` when it looks like a page (has `slugId`, or `title` and `spaceId`).
 */
function ownPageId(value: PlainObject): string | undefined {
  for (const key of Object.keys(value)) {
    if (normalisedKey(key) === 'pageid')
      return isUuid(value[key]) ? (value[key] as string) : undefined;
  }
  const looksLikePage =
    'slugId' in value || ('title' in value && 'spaceId' in value);
  return looksLikePage && isUuid(value.id) ? value.id : undefined;
}

/** `pageId`, `parentPageId`, ... and `pageIds` lists, plus the object's own page. */
function pageIdsOfObject(value: PlainObject, into: Set<string>): void {
  for (const key of Object.keys(value)) {
    const field = value[key];
    if (typeof field === 'string') {
      if (normalisedKey(key).endsWith('pageid') && isUuid(field))
        into.add(field);
    } else if (Array.isArray(field) && normalisedKey(key).endsWith('pageids')) {
      for (const item of field) if (isUuid(item)) into.add(item);
    }
  }
  const own = ownPageId(value);
  if (own !== undefined) into.add(own);
}

function namesAPage(value: PlainObject): boolean {
  const found = new Set<string>();
  pageIdsOfObject(value, found);
  return found.size > 0;
}

/**
 * `comment` marks of a document, following only ProseMirror's own structure (`content`,
 * `marks`): one tight pass, no key normalisation, never into attrs.
 */
function collectCommentMarks(
  root: unknown,
  into: Set<string>,
  budget: { nodes: number },
): void {
  const stack: unknown[] = [root];
  while (stack.length > 0 && budget.nodes > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    budget.nodes -= 1;
    const { marks, content } = node as { marks?: unknown; content?: unknown };
    if (Array.isArray(marks)) {
      for (const mark of marks) {
        if (
          !isPlainObject(mark) ||
          mark.type !== 'comment' ||
          !isPlainObject(mark.attrs)
        )
          continue;
        const commentId = mark.attrs.commentId;
        if (typeof commentId === 'string' && commentId !== '')
          into.add(commentId);
      }
    }
    if (Array.isArray(content))
      for (let index = content.length - 1; index >= 0; index--)
        stack.push(content[index]);
  }
}

class ResultScan {
  readonly pageIds = new Set<string>();
  readonly commentMarks = new Map<string, Set<string>>();
  private readonly budget = { nodes: MAX_DOCUMENT_NODES };

  constructor(private readonly maxPageIds: number) {}

  private full(): boolean {
    return this.pageIds.size > this.maxPageIds;
  }

  private document(node: unknown, pageId: string | undefined): void {
    if (pageId === undefined) return;
    const marks = this.commentMarks.get(pageId) ?? new Set<string>();
    collectCommentMarks(node, marks, this.budget);
    if (marks.size > 0) this.commentMarks.set(pageId, marks);
  }

  /**
   * An array is homogeneous in tool results: when its first object neither names a page nor is
   * a document, none of its items is looked at (an outline of thousands of blocks costs one check).
   */
  private array(
    items: readonly unknown[],
    pageId: string | undefined,
    depth: number,
  ): void {
    const first = items.find(
      (item) => item !== null && typeof item === 'object',
    );
    if (first === undefined) return;
    if (Array.isArray(first)) {
      for (const item of items)
        if (Array.isArray(item)) this.array(item, pageId, depth);
      return;
    }
    if (!isPlainObject(first)) return;
    if (isDocumentNode(first)) {
      for (const item of items) this.document(item, pageId);
      return;
    }
    if (!namesAPage(first)) return;
    for (const item of items) {
      // A listing: its pages are not worked on, and the rest of it cannot change that.
      if (this.full()) return;
      if (isPlainObject(item)) this.object(item, pageId, depth);
    }
  }

  object(value: PlainObject, pageId: string | undefined, depth: number): void {
    if (isDocumentNode(value)) {
      this.document(value, pageId);
      return;
    }
    if (!this.full()) pageIdsOfObject(value, this.pageIds);
    const contextPageId = ownPageId(value) ?? pageId;
    for (const key of Object.keys(value)) {
      const field = value[key];
      if (field === null || typeof field !== 'object') continue;
      if (Array.isArray(field)) {
        if (depth < MAX_PAGE_DEPTH) this.array(field, contextPageId, depth + 1);
      } else if (isPlainObject(field)) {
        if (isDocumentNode(field)) this.document(field, contextPageId);
        else if (depth < MAX_PAGE_DEPTH)
          this.object(field, contextPageId, depth + 1);
      }
    }
  }
}

/** Page uuids in a tool's input, by key name at its top level; slug ids are left out (they cannot be counted). */
export function pageIdsInInput(input: unknown): string[] {
  if (!isPlainObject(input)) return [];
  const found = new Set<string>();
  pageIdsOfObject(input, found);
  return [...found];
}

/**
 * Scans a tool result generically (no per-tool code) but boundedly: page ids by key name and
 * page-like objects down to two levels, and `comment` marks of the documents it carries,
 * attributed to the nearest enclosing object that names a page (or `fallbackPageId` when none
 * does, e.g. a bare document returned for the input's page). It walks the result as the
 * executor returned it, once, and never serialises it.
 */
export function findResultPageReferences(
  result: unknown,
  fallbackPageId?: string,
  options: ResultScanOptions = {},
): ResultPageReferences {
  const scan = new ResultScan(options.maxPageIds ?? Number.POSITIVE_INFINITY);
  if (Array.isArray(result)) scan.object({ items: result }, fallbackPageId, -1);
  else if (isPlainObject(result)) scan.object(result, fallbackPageId, 0);
  return { pageIds: [...scan.pageIds], commentMarks: scan.commentMarks };
}
