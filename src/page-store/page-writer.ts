import type { Kysely } from 'kysely';
import type { DB } from '../database';
import type { ToolCallContext } from '../registry/tool-call-context';
import type { ProseMirrorNode } from '../document';

/** What a tool changes on an existing page: the content, the title, or both. */
export interface PageChange {
  /** The new document; absent to keep the content (e.g. a rename). */
  readonly content?: ProseMirrorNode;
  readonly title?: string;
}

/** The page a change was computed from: its id and the version (`updated_at` as text) the tool read. */
export interface PageVersion {
  readonly id: string;
  readonly version: string;
}

/** One change to an existing page, as a tool asks the writer for it. */
export interface PageUpdate {
  /**
   * The Kysely handle to write with: the tool's transaction when the tool pairs the page write
   * with other rows (a comment and its anchor mark, a thread's resolved state and its mark), so
   * a database write stays atomic with them; the executors' database otherwise.
   */
  readonly db: Kysely<DB>;
  /** Who the agent acts for, the chat (if any) and the surface: the write's provenance. */
  readonly context: ToolCallContext;
  readonly page: PageVersion;
  readonly change: PageChange;
  /** The tool making the change, e.g. `'patchNode'`. */
  readonly toolName: string;
}

/** The page as written: its new version, and the `page_history` row the write added. */
export interface WrittenPage {
  readonly id: string;
  /** The page's new `updated_at` as text: what the next compare-and-set must name. */
  readonly version: string;
  /**
   * The `page_history` row of this write, or null for a writer whose history row is written
   * later (Docmost's collaboration server saves history on its own debounced schedule); the
   * tool then reports `historyId: null` and the version is found in listPageHistory later.
   */
  readonly historyId: string | null;
}

/** A page createPage makes: everything but the ids and provenance the writer assigns. */
export interface NewPage {
  /** A fresh random slugId; the writer refuses it (returns null) when another page has it. */
  readonly slugId: string;
  readonly title: string;
  /** Sidebar position key, after every sibling. */
  readonly position: string;
  readonly content: ProseMirrorNode;
  readonly parentPageId: string | null;
  readonly spaceId: string;
  readonly workspaceId: string;
}

/** A new page, as createPage asks the writer for it. */
export interface PageCreation {
  /** createPage's transaction, which holds the lock on the space's page tree. */
  readonly db: Kysely<DB>;
  readonly context: ToolCallContext;
  readonly page: NewPage;
  readonly toolName: string;
}

/** The page as created, with its first version and its first `page_history` row. */
export interface CreatedPage {
  readonly id: string;
  readonly slugId: string;
  readonly version: string;
  /** As `WrittenPage.historyId`: null when the writer adds the history row later. */
  readonly historyId: string | null;
}

/**
 * Where every content write of every tool goes: each change of an existing page's content or
 * title (editPageText, patchNode, insertNode, deleteNode, the table tools, updatePageJson,
 * updatePageContent, importPageMarkdown, transformPage, renamePage, copyPageContent,
 * restorePageVersion, and the anchor marks createComment and resolveComment set), and
 * createPage's new page. Moves and deletions are not content writes (they change the tree, not
 * the page, and leave `last_updated_*` alone) and do not come here. Set once, as the module's
 * `pageWriter` option (or `createDocmostExecutors`' option of the same name).
 *
 * The default, `databasePageWriter`, writes Docmost's tables directly: right for a standalone
 * install and for pages nobody has open. A Docmost host binds its collaboration server's
 * writer, so a page open in an editor is changed through Yjs instead of under it (the editors'
 * next save would otherwise overwrite a direct database write).
 */
export interface PageWriter {
  /**
   * Writes `change` to the page as a compare-and-set on `page.version`: only if the page still
   * has that version (nobody, typically a human in the editor, changed it since the tool read
   * it). When it moved on, or the page is gone, throw `pageVersionConflict(page.id,
   * page.version, current)` (a `conflict` ToolError telling the model to read again) and write
   * nothing. On success, return the page's new version and the history row the write added,
   * with the agent's provenance (the human of `context` as editor, source `agent`, the chat).
   *
   * `db` may be a transaction of the tool's: a writer that writes with it commits or rolls back
   * with the tool's other rows. A writer that writes elsewhere (a collaboration server) cannot
   * join that transaction: its write stands on its own, so when the tool fails after it (say
   * inserting the comment row of a new thread), the page keeps the change (an anchor mark
   * without its thread) while the tool's rows roll back. The tool's transaction holds no lock
   * on the page row, so such a writer never waits on it; it does hold one pool connection for
   * the length of the call (createComment, resolveComment, createPage), so a writer that needs
   * the database itself should use `db` rather than wait for another connection from the same
   * pool, which many concurrent calls could exhaust.
   */
  updatePage(update: PageUpdate): Promise<WrittenPage>;

  /**
   * Inserts a new page and its first `page_history` row, with the agent's provenance, in
   * `creation.db` (createPage's transaction). Returns null, writing nothing, when another page
   * already has `page.slugId`: createPage then retries with another one.
   */
  createPage(creation: PageCreation): Promise<CreatedPage | null>;
}
