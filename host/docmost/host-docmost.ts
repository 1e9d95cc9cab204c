import type { Kysely } from 'kysely';
import {
  docmostServices,
  type DB,
  type DocmostServices,
  type DocmostServiceInstances,
} from '../../src';
import { HostAttachmentRepo } from '../attachments/host-attachment.repo';
import { HostStorageService } from '../attachments/host-storage.service';
import { DocmostEffects } from './docmost-effects';
import { HostAuditService } from './host-audit.service';
import { HostCommentService, type CommentMarks } from './host-comment.service';
import { HostPageAccessService } from './host-page-access.service';
import { HostPageService } from './host-page.service';
import {
  HostCommentRepo,
  HostPageRepo,
  HostShareRepo,
  HostUserRepo,
  type HostComment,
  type HostPage,
  type HostUser,
} from './host-repos';
import { HostShareService } from './host-share.service';
import { HostWsService } from './host-ws.service';

/**
 * The reference host's Docmost-like services, in one place: the host's own routes and the
 * agent's tools (bound through the module's `services` option, with `docmostServices` exactly
 * as Docmost binds its own) both go through them, and `effects` records what they did besides
 * writing rows. Their rows are written with the package's database binding, which the module
 * hands over when it builds the tools (`bind`).
 */
export class HostDocmost {
  readonly effects = new DocmostEffects();
  readonly userRepo: HostUserRepo;
  readonly pageRepo: HostPageRepo;
  readonly commentRepo: HostCommentRepo;
  readonly shareRepo: HostShareRepo;
  readonly commentService: HostCommentService;
  readonly pageService: HostPageService;
  readonly shareService: HostShareService;
  readonly pageAccessService: HostPageAccessService;
  readonly auditService: HostAuditService;
  readonly wsService: HostWsService;
  readonly attachmentRepo: HostAttachmentRepo;
  readonly storageService: HostStorageService;
  /** Docmost's `EnvironmentService.isCollabDisableRedis`: whether collaboration events run. */
  readonly environmentService: { isCollabDisableRedis(): boolean };
  private database: DocmostServices | undefined;

  /**
   * `marks`: the collaboration server that sets a thread's mark from a Yjs selection (Docmost's
   * `setCommentMark` event); null with `COLLAB_DISABLE_REDIS=true`, where Docmost runs no
   * collaboration event.
   */
  constructor(
    private readonly db: Kysely<DB>,
    marks: CommentMarks | null,
    /** Where the attachments' files are (Docmost's local storage driver's directory). */
    storagePath: string,
  ) {
    const database = () => {
      if (!this.database)
        throw new Error(
          "the host's Docmost services are used before the AI tools module bound them",
        );
      return this.database;
    };
    this.userRepo = new HostUserRepo(db);
    this.pageRepo = new HostPageRepo(db);
    this.commentRepo = new HostCommentRepo(db);
    this.shareRepo = new HostShareRepo(db);
    this.commentService = new HostCommentService(
      db,
      this.effects,
      database,
      marks,
    );
    this.pageService = new HostPageService(db, this.effects, database);
    this.shareService = new HostShareService(database);
    this.pageAccessService = new HostPageAccessService(db);
    this.auditService = new HostAuditService(this.effects);
    this.wsService = new HostWsService(this.effects);
    this.attachmentRepo = new HostAttachmentRepo(db);
    this.storageService = new HostStorageService(storagePath);
    this.environmentService = { isCollabDisableRedis: () => marks === null };
  }

  /** The caller's strongest role in a space (directly or through a group), or undefined. */
  spaceRole(
    caller: { readonly userId: string; readonly workspaceId: string },
    spaceId: string,
  ): Promise<string | undefined> {
    return this.pageAccessService.spaceRole(
      caller.userId,
      caller.workspaceId,
      spaceId,
    );
  }

  /** A share of the workspace, by id. */
  findShare(
    shareId: string,
    workspaceId: string,
  ): Promise<
    { id: string; pageId: string | null; spaceId: string } | undefined
  > {
    return this.db
      .selectFrom('shares')
      .select(['id', 'pageId', 'spaceId'])
      .where('id', '=', shareId)
      .where('workspaceId', '=', workspaceId)
      .executeTakeFirst();
  }

  /**
   * The module's `services` option: takes the package's database binding for the rows and
   * returns the ports bound to these services, as Docmost's mount binds its own.
   */
  readonly bind = (database: DocmostServices): DocmostServices => {
    this.database = database;
    const instances: DocmostServiceInstances<HostPage, HostUser, HostComment> =
      {
        commentService: this.commentService,
        commentRepo: this.commentRepo,
        pageService: this.pageService,
        pageRepo: this.pageRepo,
        userRepo: this.userRepo,
        shareService: this.shareService,
        shareRepo: this.shareRepo,
        pageAccessService: this.pageAccessService,
        auditService: this.auditService,
        wsService: this.wsService,
        environmentService: this.environmentService,
        attachmentRepo: this.attachmentRepo,
        storageService: this.storageService,
      };
    return docmostServices(instances);
  };
}
