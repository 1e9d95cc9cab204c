import type { ToolCallContext } from '../registry/tool-call-context';
import type { ProseMirrorNode } from '../document';
import type { YjsSelection } from './yjs-selection';

/** A page's document as an open editor holds it, and the version to write it back with. */
export interface LivePageContent {
  readonly content: ProseMirrorNode;
  /**
   * The same document as JSON text, when the reader has it: a large page's text goes to a worker
   * as it is, and `content` (which may be parsed from it on first use) is never touched then.
   */
  readonly documentText?: string;
  /** An opaque version (not an `updated_at`): what the page writer's compare-and-set names. */
  readonly version: string;
}

/**
 * Where tools read a page's document when it may be live in a collaboration server (the host's
 * Hocuspocus): there the in-memory document is ahead of `pages.content` by up to the server's
 * store delay. `readLive` answers undefined when the database holds the current document (the
 * page is not loaded); tools then use the row they read.
 */
export interface LivePageReader {
  readLive(request: {
    readonly pageId: string;
    readonly context: ToolCallContext;
  }): Promise<LivePageContent | undefined>;
  /**
   * Whether `readLive` of the page would answer from the collaboration server now, so its
   * stored document need not be fetched first. Absent: the stored document is fetched anyway.
   */
  holdsPage?(pageId: string): boolean;
  /**
   * Locates a new thread's selection on the live page as Yjs positions, for a comment service
   * that sets the mark itself (`CommentWrites.setsAnchorMark`), and keeps the page open until
   * `release` so the mark can be awaited. Undefined when the page is not live; absent: never.
   */
  locateSelection?(request: {
    readonly pageId: string;
    readonly context: ToolCallContext;
    readonly selection: string;
  }): Promise<LocatedSelection | undefined>;
}

/** What `locateSelection` found on the live page. */
export type LocatedSelection =
  | LiveCommentSelection
  /** The selection is not in one text block of the live page. */
  | { readonly kind: 'absent' }
  /** It is, but the comment service could not mark exactly it (see `selectionPositions`). */
  | { readonly kind: 'unplaceable' };

/** A selection located on the live page, the page held open until `release`. */
export interface LiveCommentSelection {
  readonly kind: 'found';
  readonly yjsSelection: YjsSelection;
  /** `attrs.id` of the block holding it; null for a block without one. */
  readonly blockId: string | null;
  /**
   * Waits for the thread's comment mark on the live page: `exact` once it covers exactly the
   * selection, `elsewhere` when it covers other text, `missing` when none came in time.
   */
  awaitMark(commentId: string): Promise<{
    readonly outcome: 'exact' | 'elsewhere' | 'missing';
    /** The page's version with the mark (for `exact`). */
    readonly version?: string;
  }>;
  release(): void;
}
