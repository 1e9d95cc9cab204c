/**
 * The methods of Docmost's own services the package calls, as Docmost 0.94.0 declares them
 * (`apps/server/src/core/comment/comment.service.ts`, `core/page/services/page.service.ts`,
 * `core/share/share.service.ts`, `core/page/page-access/page-access.service.ts` and the repos
 * of `database/repos/`), reduced to the arguments and results the package uses. Structural, so
 * the package imports nothing of Docmost and Docmost's classes fit as they are.
 */

import type {
  DocmostAuditContext,
  DocmostAuditPayload,
} from './docmost-audit-payload';
import type { YjsSelection } from './docmost-services';

/** Docmost's `AuthProvenanceData`: an agent's write is the person's, with source `agent`. */
export interface DocmostProvenance {
  readonly actor: 'agent' | 'user';
  readonly aiChatId: string | null;
}

/** What the package reads of Docmost's `User` entity. */
export interface DocmostUserShape {
  readonly id: string;
}

/** What the package reads of Docmost's `Page` entity. */
export interface DocmostPageShape {
  readonly id: string;
  readonly slugId: string;
  readonly title: string | null;
  readonly spaceId: string;
  readonly parentPageId: string | null;
}

/** What the package reads of Docmost's `Comment` entity. */
export interface DocmostCommentShape {
  readonly id: string;
  readonly pageId: string;
  readonly spaceId: string;
  readonly creatorId: string | null;
}

export interface DocmostCommentServiceShape<
  Page extends DocmostPageShape,
  User extends DocmostUserShape,
  Comment extends DocmostCommentShape,
> {
  create(
    opts: { page: Page; workspaceId: string; user: User },
    createCommentDto: {
      pageId: string;
      /** The ProseMirror body as JSON text (Docmost parses it). */
      content: string;
      selection?: string;
      type?: string;
      parentCommentId?: string;
      /**
       * A new thread's anchor as Yjs relative positions: Docmost sets the comment mark over
       * it on the page's document (`setCommentMark` on the page's owner).
       */
      yjsSelection?: YjsSelection;
    },
    provenance: DocmostProvenance,
  ): Promise<{ id: string }>;
  resolveComment(
    comment: Comment,
    resolved: boolean,
    authUser: User,
    provenance: DocmostProvenance,
  ): Promise<unknown>;
}

export interface DocmostCommentRepoShape<Comment extends DocmostCommentShape> {
  findById(commentId: string): Promise<Comment | undefined>;
  deleteComment(commentId: string): Promise<void>;
}

/**
 * Docmost's `WsService` (`ws/ws.service.ts`): what its comment delete route tells the page's
 * room (`commentDeleted`), so open pages drop the thread.
 */
export interface DocmostWsServiceShape {
  emitCommentEvent(
    spaceId: string,
    pageId: string,
    data: {
      readonly operation: 'commentDeleted';
      readonly pageId: string;
      readonly commentId: string;
    },
  ): void | Promise<void>;
}

/**
 * Docmost's `EnvironmentService`, for the one setting the package needs: with
 * `COLLAB_DISABLE_REDIS=true` its `CollaborationGateway.handleYjsEvent` does nothing, so
 * `CommentService` sets no comment mark from `yjsSelection` and changes none on resolve.
 */
export interface DocmostEnvironmentServiceShape {
  isCollabDisableRedis(): boolean;
}

export interface DocmostPageServiceShape<
  Page extends DocmostPageShape,
  User extends DocmostUserShape,
> {
  create(
    userId: string,
    workspaceId: string,
    createPageDto: {
      title?: string;
      parentPageId?: string;
      spaceId: string;
      content?: string | object;
      format?: 'json' | 'markdown' | 'html';
    },
    provenance: DocmostProvenance,
  ): Promise<{ id: string }>;
  update(
    page: Page,
    updatePageDto: { pageId: string; title?: string },
    user: User,
    provenance: DocmostProvenance,
  ): Promise<unknown>;
  movePage(
    dto: { pageId: string; position: string; parentPageId?: string | null },
    movedPage: Page,
    provenance: DocmostProvenance,
  ): Promise<unknown>;
  /** Docmost's answers the sub-pages it moved along (`childPageIds`), which its audit names. */
  movePageToSpace(
    rootPage: Page,
    spaceId: string,
    userId: string,
    provenance: DocmostProvenance,
  ): Promise<{ readonly childPageIds?: readonly string[] } | void>;
  removePage(
    pageId: string,
    userId: string,
    workspaceId: string,
  ): Promise<void>;
}

export interface DocmostPageRepoShape<Page extends DocmostPageShape> {
  findById(
    pageId: string,
    opts?: { includeHasChildren?: boolean },
  ): Promise<Page | undefined>;
}

export interface DocmostUserRepoShape<User extends DocmostUserShape> {
  findById(userId: string, workspaceId: string): Promise<User | undefined>;
}

export interface DocmostShareServiceShape<Page extends DocmostPageShape> {
  createShare(opts: {
    authUserId: string;
    workspaceId: string;
    page: Page;
    createShareDto: {
      pageId: string;
      includeSubPages?: boolean;
      searchIndexing?: boolean;
    };
  }): Promise<{ id: string }>;
  updateShare(
    shareId: string,
    updateShareDto: {
      shareId: string;
      includeSubPages?: boolean;
      searchIndexing?: boolean;
    },
  ): Promise<unknown>;
  isSharingAllowed(workspaceId: string, spaceId: string): Promise<boolean>;
}

export interface DocmostShareRepoShape {
  findById(shareId: string): Promise<
    | {
        readonly id: string;
        readonly pageId: string | null;
        readonly spaceId: string;
      }
    | undefined
  >;
  deleteShare(shareId: string): Promise<void>;
}

/** What the package reads of Docmost's `Attachment` entity. */
export interface DocmostAttachmentShape {
  readonly id: string;
  readonly fileName: string;
  readonly filePath: string;
  readonly fileSize: number | string | bigint | null;
  readonly fileExt: string;
  readonly mimeType: string | null;
  readonly type: string | null;
  readonly creatorId: string;
  readonly pageId: string | null;
  readonly spaceId: string | null;
  readonly workspaceId: string;
  readonly aiChatId?: string | null;
  readonly deletedAt?: Date | null;
}

/** Docmost's `AttachmentRepo` (global in its `DatabaseModule`). */
export interface DocmostAttachmentRepoShape<
  Attachment extends DocmostAttachmentShape,
> {
  findById(attachmentId: string): Promise<Attachment | undefined>;
  insertAttachment(attachment: {
    id: string;
    type: string | null;
    filePath: string;
    fileName: string;
    fileSize: Attachment['fileSize'];
    mimeType: string | null;
    fileExt: string;
    creatorId: string;
    workspaceId: string;
    pageId: string;
    spaceId: string;
  }): Promise<unknown>;
}

/** Docmost's `StorageService` (global): its local, S3 or Azure driver. */
export interface DocmostStorageServiceShape {
  copy(fromFilePath: string, toFilePath: string): Promise<void>;
}

export interface DocmostPageAccessServiceShape<
  Page extends DocmostPageShape,
  User extends DocmostUserShape,
> {
  /**
   * Throws (Docmost's `ForbiddenException`, or `NotFoundException` for someone outside the page's
   * space) when the user may not see the page; otherwise whether they may edit it (its nearest
   * restriction's role when restricted, else the space role) and whether a restriction applies.
   */
  validateCanViewWithPermissions(
    page: Page,
    user: User,
  ): Promise<{ canEdit: boolean; hasRestriction: boolean }>;
  /** Throws (Docmost's `ForbiddenException`) when the user may not comment on the page. */
  validateCanComment(
    page: Page,
    user: User,
    workspaceId: string,
  ): Promise<void>;
}

/**
 * Docmost's `IAuditService` (`integrations/audit/audit.service.ts`, injected as
 * `AUDIT_SERVICE`): a no-op in the community edition, the audit log in the enterprise one.
 */
export interface DocmostAuditServiceShape {
  logWithContext(
    payload: DocmostAuditPayload,
    context: DocmostAuditContext,
  ): void | Promise<void>;
}

/** Docmost's services and repositories, as `docmostServices` takes them. */
export interface DocmostServiceInstances<
  Page extends DocmostPageShape = any,
  User extends DocmostUserShape = any,
  Comment extends DocmostCommentShape = any,
> {
  readonly commentService: DocmostCommentServiceShape<Page, User, Comment>;
  readonly commentRepo: DocmostCommentRepoShape<Comment>;
  /** Tells open pages that a comment is gone, as Docmost's delete route does. */
  readonly wsService: DocmostWsServiceShape;
  /** Whether Docmost's collaboration events run (`COLLAB_DISABLE_REDIS`). */
  readonly environmentService: DocmostEnvironmentServiceShape;
  readonly pageService: DocmostPageServiceShape<Page, User>;
  readonly pageRepo: DocmostPageRepoShape<Page>;
  readonly userRepo: DocmostUserRepoShape<User>;
  readonly shareService: DocmostShareServiceShape<Page>;
  readonly shareRepo: DocmostShareRepoShape;
  /** The attachment rows and the storage of their files, for copyPageContent's copies. */
  readonly attachmentRepo: DocmostAttachmentRepoShape<any>;
  readonly storageService: DocmostStorageServiceShape;
  readonly pageAccessService: DocmostPageAccessServiceShape<Page, User>;
  /**
   * Docmost's audit service. Docmost's controllers, not its services, write the audit events,
   * so the binding writes the same ones for the agent's writes. Left out: none are written.
   */
  readonly auditService?: DocmostAuditServiceShape;
}
