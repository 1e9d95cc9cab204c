import {
  BadRequestException,
  Body,
  Controller,
  ForbiddenException,
  HttpCode,
  Inject,
  NotFoundException,
  Post,
} from '@nestjs/common';
import { z } from 'zod';
import { isUuid, parseRequestBody, type DocmostAuditPayload } from '../../src';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { HostDocmost } from './host-docmost';
import type { HostPage, HostUser } from './host-repos';

export const HOST_DOCMOST = Symbol('HOST_DOCMOST');

const uuid = z.uuid();
const commentCreate = z.strictObject({
  pageId: uuid,
  content: z.string().min(1),
  selection: z.string().optional(),
  type: z.enum(['inline', 'page']).optional(),
  parentCommentId: uuid.optional(),
  // Docmost's DTO takes any object here; its service checks the positions (and only warns).
  yjsSelection: z.object({ anchor: z.unknown(), head: z.unknown() }).optional(),
});
const commentResolve = z.strictObject({
  commentId: uuid,
  resolved: z.boolean(),
});
const pageCreate = z.strictObject({
  spaceId: uuid,
  title: z.string().optional(),
  parentPageId: uuid.optional(),
  content: z.unknown().optional(),
  format: z.literal('json').optional(),
});
const pageUpdate = z.strictObject({ pageId: uuid, title: z.string() });
const pageMove = z.strictObject({
  pageId: uuid,
  position: z.string().min(1),
  parentPageId: uuid.nullable().optional(),
});
const pageId = z.strictObject({ pageId: uuid });
const shareCreate = z.strictObject({
  pageId: uuid,
  includeSubPages: z.boolean().optional(),
  searchIndexing: z.boolean().optional(),
});
const shareId = z.strictObject({ shareId: uuid });

/**
 * The same person's actions through Docmost's own API, on the reference host: Docmost's route
 * names and bodies (`POST /api/comments/create`, `/api/pages/update`, ...), each checking access
 * as Docmost's controller does and calling the host's Docmost-like services, which the agent's
 * tools call too, then writing the audit event Docmost's controller writes for it. What the
 * tests compare the agent's calls with.
 */
@Controller()
export class DocmostRoutesController {
  constructor(@Inject(HOST_DOCMOST) private readonly docmost: HostDocmost) {}

  private async user(caller: AuthenticatedUser): Promise<HostUser> {
    const user = await this.docmost.userRepo.findById(
      caller.userId,
      caller.workspaceId,
    );
    if (!user) throw new ForbiddenException();
    return user;
  }

  /** Docmost's controllers' `auditService.log(...)`, for the person in the request. */
  private audit(caller: AuthenticatedUser, payload: DocmostAuditPayload): void {
    this.docmost.auditService.logWithContext(payload, {
      workspaceId: caller.workspaceId,
      actorId: caller.userId,
      actorType: 'user',
    });
  }

  private async page(id: string, caller: AuthenticatedUser): Promise<HostPage> {
    const page = isUuid(id)
      ? await this.docmost.pageRepo.findById(id)
      : undefined;
    if (
      !page ||
      page.deletedAt !== null ||
      page.workspaceId !== caller.workspaceId
    )
      throw new NotFoundException('Page not found');
    return page;
  }

  @Post('comments/create')
  @HttpCode(200)
  async createComment(
    @CurrentUser() caller: AuthenticatedUser,
    @Body() body: unknown,
  ): Promise<{ id: string }> {
    const dto = parseRequestBody(commentCreate, body, 'a CreateCommentDto');
    const page = await this.page(dto.pageId, caller);
    const user = await this.user(caller);
    await this.docmost.pageAccessService.validateCanComment(
      page,
      user,
      caller.workspaceId,
    );
    const comment = await this.docmost.commentService.create(
      { page, workspaceId: caller.workspaceId, user },
      dto,
      { actor: 'user', aiChatId: null },
    );
    this.audit(caller, {
      event: 'comment.created',
      resourceType: 'comment',
      resourceId: comment.id,
      spaceId: page.spaceId,
      metadata: { pageId: page.id },
    });
    return comment;
  }

  @Post('comments/resolve')
  @HttpCode(200)
  async resolveComment(
    @CurrentUser() caller: AuthenticatedUser,
    @Body() body: unknown,
  ): Promise<{ resolved: boolean }> {
    const dto = parseRequestBody(commentResolve, body, 'a ResolveCommentDto');
    const comment = await this.docmost.commentRepo.findById(dto.commentId);
    if (!comment || comment.workspaceId !== caller.workspaceId)
      throw new NotFoundException('Comment not found');
    if (comment.parentCommentId !== null)
      throw new ForbiddenException('Only parent comments can be resolved');
    const page = await this.page(comment.pageId, caller);
    const user = await this.user(caller);
    await this.docmost.pageAccessService.validateCanComment(
      page,
      user,
      caller.workspaceId,
    );
    await this.docmost.commentService.resolveComment(
      comment,
      dto.resolved,
      user,
      { actor: 'user', aiChatId: null },
    );
    this.audit(caller, {
      event: dto.resolved ? 'comment.resolved' : 'comment.reopened',
      resourceType: 'comment',
      resourceId: comment.id,
      spaceId: comment.spaceId,
      metadata: { pageId: comment.pageId },
    });
    return { resolved: dto.resolved };
  }

  @Post('pages/create')
  @HttpCode(200)
  async createPage(
    @CurrentUser() caller: AuthenticatedUser,
    @Body() body: unknown,
  ): Promise<{ id: string }> {
    const dto = parseRequestBody(pageCreate, body, 'a CreatePageDto');
    if (dto.parentPageId !== undefined) {
      const parent = await this.page(dto.parentPageId, caller);
      await this.docmost.pageAccessService.validateCanEdit(
        parent,
        await this.user(caller),
      );
    } else {
      const role = await this.docmost.spaceRole(caller, dto.spaceId);
      if (role !== 'admin' && role !== 'writer') throw new ForbiddenException();
    }
    const page = await this.docmost.pageService.create(
      caller.userId,
      caller.workspaceId,
      { ...dto, content: dto.content as object | undefined },
      { actor: 'user', aiChatId: null },
    );
    this.audit(caller, {
      event: 'page.created',
      resourceType: 'page',
      resourceId: page.id,
      spaceId: dto.spaceId,
      changes: {
        after: { title: dto.title || 'untitled', spaceId: dto.spaceId },
      },
    });
    return page;
  }

  /** Docmost's `POST /api/pages/info`: the page and the caller's permissions on it. */
  @Post('pages/info')
  @HttpCode(200)
  async pageInfo(
    @CurrentUser() caller: AuthenticatedUser,
    @Body() body: unknown,
  ): Promise<
    HostPage & { permissions: { canEdit: boolean; hasRestriction: boolean } }
  > {
    const dto = parseRequestBody(pageId, body, '{ pageId }');
    const page = await this.page(dto.pageId, caller);
    const permissions =
      await this.docmost.pageAccessService.validateCanViewWithPermissions(
        page,
        await this.user(caller),
      );
    return { ...page, permissions };
  }

  @Post('pages/update')
  @HttpCode(200)
  async updatePage(
    @CurrentUser() caller: AuthenticatedUser,
    @Body() body: unknown,
  ): Promise<{ pageId: string }> {
    const dto = parseRequestBody(pageUpdate, body, '{ pageId, title }');
    const page = await this.page(dto.pageId, caller);
    const user = await this.user(caller);
    await this.docmost.pageAccessService.validateCanEdit(page, user);
    await this.docmost.pageService.update(page, dto, user, {
      actor: 'user',
      aiChatId: null,
    });
    return { pageId: page.id };
  }

  @Post('pages/move')
  @HttpCode(200)
  async movePage(
    @CurrentUser() caller: AuthenticatedUser,
    @Body() body: unknown,
  ): Promise<{ pageId: string }> {
    const dto = parseRequestBody(pageMove, body, 'a MovePageDto');
    const page = await this.page(dto.pageId, caller);
    const user = await this.user(caller);
    // Docmost's move route asks the space ability (Edit on pages) besides the page's own right.
    const role = await this.docmost.spaceRole(caller, page.spaceId);
    if (role !== 'admin' && role !== 'writer') throw new ForbiddenException();
    await this.docmost.pageAccessService.validateCanEdit(page, user);
    if (dto.parentPageId)
      await this.docmost.pageAccessService.validateCanEdit(
        await this.page(dto.parentPageId, caller),
        user,
      );
    await this.docmost.pageService.movePage(dto, page, {
      actor: 'user',
      aiChatId: null,
    });
    return { pageId: page.id };
  }

  @Post('pages/delete')
  @HttpCode(200)
  async deletePage(
    @CurrentUser() caller: AuthenticatedUser,
    @Body() body: unknown,
  ): Promise<{ pageId: string }> {
    const dto = parseRequestBody(pageId, body, '{ pageId }');
    const page = await this.page(dto.pageId, caller);
    await this.docmost.pageAccessService.validateCanEdit(
      page,
      await this.user(caller),
    );
    await this.docmost.pageService.removePage(
      page.id,
      caller.userId,
      caller.workspaceId,
    );
    this.audit(caller, {
      event: 'page.trashed',
      resourceType: 'page',
      resourceId: page.id,
      spaceId: page.spaceId,
      changes: {
        before: {
          pageId: page.id,
          slugId: page.slugId,
          title: page.title || 'untitled',
          spaceId: page.spaceId,
        },
      },
    });
    return { pageId: page.id };
  }

  @Post('shares/create')
  @HttpCode(200)
  async createShare(
    @CurrentUser() caller: AuthenticatedUser,
    @Body() body: unknown,
  ): Promise<{ id: string }> {
    const dto = parseRequestBody(shareCreate, body, 'a CreateShareDto');
    const page = await this.page(dto.pageId, caller);
    const { hasRestriction } =
      await this.docmost.pageAccessService.validateCanEdit(
        page,
        await this.user(caller),
      );
    if (hasRestriction)
      throw new BadRequestException('Cannot share a restricted page');
    if (
      !(await this.docmost.shareService.isSharingAllowed(
        caller.workspaceId,
        page.spaceId,
      ))
    )
      throw new ForbiddenException('Public sharing is disabled');
    const share = await this.docmost.shareService.createShare({
      authUserId: caller.userId,
      workspaceId: caller.workspaceId,
      page,
      createShareDto: dto,
    });
    this.audit(caller, {
      event: 'share.created',
      resourceType: 'share',
      resourceId: share.id,
      spaceId: page.spaceId,
      metadata: { pageId: page.id, spaceId: page.spaceId },
    });
    return share;
  }

  @Post('shares/delete')
  @HttpCode(200)
  async deleteShare(
    @CurrentUser() caller: AuthenticatedUser,
    @Body() body: unknown,
  ): Promise<{ shareId: string }> {
    const dto = parseRequestBody(shareId, body, '{ shareId }');
    const share = await this.docmost.findShare(dto.shareId, caller.workspaceId);
    if (!share || share.pageId === null)
      throw new NotFoundException('Share not found');
    await this.docmost.pageAccessService.validateCanEdit(
      await this.page(share.pageId, caller),
      await this.user(caller),
    );
    await this.docmost.shareRepo.deleteShare(share.id);
    this.audit(caller, {
      event: 'share.deleted',
      resourceType: 'share',
      resourceId: share.id,
      spaceId: share.spaceId,
      changes: { before: { pageId: share.pageId, spaceId: share.spaceId } },
    });
    return { shareId: share.id };
  }
}
