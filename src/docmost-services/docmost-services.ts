import type { JsonValue, Page } from '../database';
import type { ToolCallContext } from '../registry/tool-call-context';
import type { YjsSelection } from '../page-store';
import type { DocmostAuditPayload } from './docmost-audit-payload';

export type { YjsRelativePosition, YjsSelection } from '../page-store';

/** Who an audit event names: the person, and for the agent's writes its chat. */
export type AuditCaller = Pick<
  ServiceCaller,
  'userId' | 'workspaceId' | 'aiChatId' | 'actor'
>;

/**
 * Docmost's audit log (its `AUDIT_SERVICE`, a no-op in the community edition): the events its
 * own routes write for the same actions, for the agent's writes the ports above do not record
 * themselves (a stash link) and for the module's routes (settings, stash links).
 */
export interface AuditTrail {
  record(caller: AuditCaller, payload: DocmostAuditPayload): Promise<void>;
}

/**
 * Who a write is made for: the person the agent acts for (Docmost's `User`, in its workspace),
 * and the chat the call came from, if any. Docmost records such a write as the person's, with
 * the source `agent` and the chat (its `AuthProvenanceData`: `{ actor: 'agent', aiChatId }`).
 */
export interface ServiceCaller {
  readonly userId: string;
  readonly workspaceId: string;
  /** The in-app chat (a row of `ai_chats`), or null (MCP, or a chat id that is not a row). */
  readonly aiChatId: string | null;
  /**
   * Who acts: `agent` for every tool call (the default); `user` for a host's own routes that
   * reuse the database binding for a person's action (the reference host's).
   */
  readonly actor?: 'agent' | 'user';
  /**
   * The tool call itself, for a binding that writes through the package's own page writer (the
   * database binding does); Docmost's services need only the fields above.
   */
  readonly call: ToolCallContext;
}

/** A comment as createComment asks for it (Docmost's `CreateCommentDto`). */
export interface CommentCreation {
  readonly caller: ServiceCaller;
  readonly pageId: string;
  /** The comment's body: a ProseMirror document. */
  readonly content: JsonValue;
  /** The anchored text of a new thread; null for a reply. */
  readonly selection: string | null;
  /** `inline` for an anchored thread, `page` for a reply (what Docmost stores when none is given). */
  readonly type: 'inline' | 'page';
  readonly parentCommentId: string | null;
  /**
   * A new thread's anchor as Yjs positions on the live page, given only to a binding that
   * `setsAnchorMark`: the binding sets the comment mark over it on the page's document.
   */
  readonly yjsSelection?: YjsSelection;
}

/**
 * Comment writes. Docmost's `CommentService` inserts the row and then tells the page's room
 * (`commentCreated`), adds the commenter as a watcher and notifies the watchers and the people
 * mentioned. A new thread's anchor mark is set by the binding from `yjsSelection` where it
 * `setsAnchorMark` (Docmost's service does, on the page's owner, for whoever may comment);
 * otherwise the package sets it itself through the page writer, after `create` returned the id.
 */
export interface CommentWrites {
  /**
   * True when `create` sets a thread's comment mark from `yjsSelection` on the page's live
   * document (the Docmost binding, where its collaboration events run). The package then
   * writes no mark through its own connection, which Docmost makes read-only for a viewer, and
   * checks the mark arrived. Otherwise the package sets it through its page writer, after
   * checking it can: for someone who may comment but not edit on a live page it cannot, and
   * the comment is refused before anything is created.
   */
  readonly setsAnchorMark?: boolean;
  /** Inserts a thread or a reply as the caller; returns its id. Access was checked before. */
  create(request: CommentCreation): Promise<{ readonly id: string }>;
  /**
   * Resolves or reopens a thread: its row and the `resolved` flag of its anchor mark. Access,
   * the thread's state and its being a thread were checked before. `changed: false` when a
   * binding finds the thread already in that state (a concurrent call came first).
   * `markUpdated`: whether the binding changed the anchor's flag; undefined when it leaves that
   * to the page's collaboration server (Docmost's `resolveCommentMark`), which changes it where
   * the page has the mark; false when nothing touched it (the package then does, if it may).
   */
  resolve(request: {
    readonly caller: ServiceCaller;
    readonly commentId: string;
    readonly resolved: boolean;
  }): Promise<{ readonly changed: boolean; readonly markUpdated?: boolean }>;
  /**
   * Removes a comment `create` made moments ago whose anchor could not be set (the page changed
   * between the check and the mark): the thread would otherwise have no highlight. With every
   * effect of Docmost's delete route: open pages are told (`commentDeleted`), the audit log too.
   */
  remove(request: {
    readonly caller: ServiceCaller;
    readonly commentId: string;
  }): Promise<void>;
}

/**
 * A page `pages.create` made: its id, and what the binding knows of it (the database binding
 * knows it all, from the page writer); the rest is read back from the row.
 */
export interface CreatedPageReference {
  readonly id: string;
  readonly slugId?: string;
  readonly position?: string;
  /** `updated_at` as exact text, the version a later compare-and-set write starts from. */
  readonly version?: string;
}

/** Page tree writes: create, rename, move, trash. Content writes go to the `PageWriter`. */
export interface PageWrites {
  /**
   * A new page at the end of its level, with its content, as the caller; the binding chooses
   * its slugId and position (Docmost's `PageService.create` does), the package reads back what
   * was stored. The package checked the caller may write in the space and under the parent.
   */
  create(request: {
    readonly caller: ServiceCaller;
    readonly spaceId: string;
    readonly parentPageId: string | null;
    readonly title: string;
    /** ProseMirror JSON. */
    readonly content: JsonValue;
  }): Promise<CreatedPageReference>;
  /** A new title (Docmost's `PageService.update` with `{ title }`). */
  rename(request: {
    readonly caller: ServiceCaller;
    readonly pageId: string;
    readonly title: string;
    /** The version the package read: the database binding writes only onto it. */
    readonly version: string;
  }): Promise<{
    readonly historyId: string | null;
    /** The page's version after the write, when the binding knows it (else it is read). */
    readonly version?: string;
  }>;
  /**
   * A new parent and position; to another space when `spaceId` differs from the page's (the
   * subtree goes along, with its comments, history, shares and watchers; its restrictions are
   * dropped). The package checked the cycle, the access to every page concerned and the position.
   */
  move(request: {
    readonly caller: ServiceCaller;
    readonly pageId: string;
    readonly parentPageId: string | null;
    readonly position: string;
    readonly spaceId: string;
  }): Promise<void>;
  /**
   * Moves the page and its sub-pages to the trash (Docmost's `PageService.removePage`). The
   * package checked that the caller may edit every page of the subtree.
   */
  trash(request: {
    readonly caller: ServiceCaller;
    readonly pageId: string;
  }): Promise<void>;
}

/** Public share links (Docmost's `ShareService`, `ShareRepo`). */
export interface ShareWrites {
  /** Shares the page; the package found no share of it before. */
  create(request: {
    readonly caller: ServiceCaller;
    readonly pageId: string;
    readonly includeSubPages: boolean;
    readonly searchIndexing: boolean;
  }): Promise<{ readonly id: string }>;
  /** Changes an existing share's options. */
  update(request: {
    readonly caller: ServiceCaller;
    readonly shareId: string;
    readonly includeSubPages: boolean;
    readonly searchIndexing: boolean;
  }): Promise<void>;
  /** Deletes a share (the link stops working). */
  remove(request: {
    readonly caller: ServiceCaller;
    readonly shareId: string;
  }): Promise<void>;
}

/**
 * The files behind a page's images and attachments (Docmost's `attachments` rows and its
 * storage). copyPageContent copies them for the target page, as Docmost's page duplicate does,
 * so the copy's images show for whoever may see the target, on its public share, and after the
 * source is purged.
 */
export interface AttachmentCopies {
  /**
   * For each of `attachmentIds` that is an attachment of `sourcePageId` (no other page's: the
   * caller may not see those), a new attachment owned by the target page, in its space, with a
   * copy of the file. Answers the new id of each one copied; the others are left out (the
   * content keeps pointing at them).
   */
  copy(request: {
    readonly caller: ServiceCaller;
    readonly sourcePageId: string;
    readonly targetPageId: string;
    readonly targetSpaceId: string;
    readonly attachmentIds: readonly string[];
  }): Promise<ReadonlyMap<string, string>>;
}

/** Whether pages of a space may be made public (Docmost's `ShareService.isSharingAllowed`). */
export interface SharingPolicy {
  /**
   * False when `workspaces.settings.sharing.disabled` or `spaces.settings.sharing.disabled` is
   * true. sharePage and stashPage are refused then.
   */
  isSharingAllowed(workspaceId: string, spaceId: string): Promise<boolean>;
}

/**
 * Docmost's decision on commenting (`PageAccessService.validateCanComment`): whoever may edit the
 * page, and a viewer of it where the space's `settings.comments.allowViewerComments` is true.
 * Reads and edits are decided by the `pageAccess` policy, in SQL, with the same rules.
 */
export interface CommentAccess {
  canComment(caller: ServiceCaller, pageId: string): Promise<boolean>;
}

/** A host's decision on one page (Docmost's `validateCanViewWithPermissions`). */
export interface PageAccessDecision {
  /** The caller may see the page (a member of its space, granted by every restriction above it). */
  readonly canView: boolean;
  /** The caller may edit it: its nearest restriction's role when restricted, else the space role. */
  readonly canEdit: boolean;
  /** A page restriction applies (on the page or an ancestor). */
  readonly restricted: boolean;
}

/**
 * Who may see and edit the one page a tool acts on, decided by the host (in Docmost, its
 * `PageAccessService`: space roles and page-level permissions). Every tool that reads, edits,
 * comments on or shares a page asks it once, after the package found the page in the caller's
 * workspace and space. Listings, search, the sidebar and the comment signal filter inside their
 * query with the `pageAccess` option's SQL condition instead (Docmost's rule in SQL, one
 * statement for any number of rows), and so does the check of a whole subtree before deletePage
 * or a move to another space (a rule of the package's own: Docmost checks only the page).
 */
export interface PageAccess {
  decide(
    caller: Pick<ServiceCaller, 'userId' | 'workspaceId'>,
    /** The page's row as read from Docmost's `pages` table, without the document. */
    page: Page,
  ): Promise<PageAccessDecision>;
}

/**
 * Where the package's writes go: the ports a host binds to its own services (in Docmost,
 * `docmostServices(...)` over its `CommentService`, `PageService`, `ShareService` and
 * `PageAccessService`). Each one left out keeps the package's own SQL on Docmost's tables.
 */
export interface DocmostServices {
  readonly comments: CommentWrites;
  readonly pages: PageWrites;
  readonly shares: ShareWrites;
  /** Left out of a binding: the package's default, which copies no file (it has no storage). */
  readonly attachments: AttachmentCopies;
  readonly sharing: SharingPolicy;
  readonly commentAccess: CommentAccess;
  /** Left out: no audit event is written (as in Docmost's community edition). */
  readonly audit: AuditTrail;
  /** Left out: the `pageAccess` option (by default Docmost's rules in SQL) decides. */
  readonly pageAccess?: PageAccess;
}
