import type { ToolCallContext } from '../../registry/tool-call-context';
import type { ProseMirrorNode } from '../../document';

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
}
