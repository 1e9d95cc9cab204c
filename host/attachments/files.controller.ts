import {
  Controller,
  ForbiddenException,
  Get,
  Inject,
  NotFoundException,
  Param,
  Res,
} from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { isUuid } from '../../src';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { HOST_DOCMOST } from '../docmost/docmost-routes.controller';
import type { HostDocmost } from '../docmost/host-docmost';

/**
 * Docmost's `GET /api/files/:fileId/:fileName` (its attachment controller, 0.94.0): the file of
 * an attachment, for someone who may see the page it belongs to (a chat's file only for the
 * person who uploaded it). Every other case is 404, as in Docmost.
 */
@Controller()
export class FilesController {
  constructor(@Inject(HOST_DOCMOST) private readonly docmost: HostDocmost) {}

  @Get('files/:fileId/:fileName')
  async file(
    @CurrentUser() caller: AuthenticatedUser,
    @Param('fileId') fileId: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const attachment = isUuid(fileId)
      ? await this.docmost.attachmentRepo.findById(fileId)
      : undefined;
    if (!attachment || attachment.workspaceId !== caller.workspaceId)
      throw new NotFoundException();
    if (attachment.aiChatId) {
      if (attachment.creatorId !== caller.userId) throw new NotFoundException();
    } else {
      const page = attachment.pageId
        ? await this.docmost.pageRepo.findById(attachment.pageId)
        : undefined;
      const user = await this.docmost.userRepo.findById(
        caller.userId,
        caller.workspaceId,
      );
      if (!page || !attachment.spaceId || !user) throw new NotFoundException();
      try {
        await this.docmost.pageAccessService.validateCanView(page, user);
      } catch (error) {
        if (error instanceof ForbiddenException) throw new NotFoundException();
        throw error;
      }
    }
    let content: Buffer;
    try {
      content = await this.docmost.storageService.read(attachment.filePath);
    } catch {
      throw new NotFoundException('File not found');
    }
    await reply
      .header('content-type', attachment.mimeType ?? 'application/octet-stream')
      .header('cache-control', 'private, max-age=3600')
      .send(content);
  }
}
