import { Logger } from '@nestjs/common';
// Docmost makes row ids time-ordered (UUID v7), its page duplicate's attachment copies too.
import { v7 as uuidv7 } from 'uuid';
import type { DocmostBinding } from './docmost-binding';
import type { AttachmentCopies } from './docmost-services';

/**
 * copyPageContent's file copies as Docmost's page duplicate makes them (`PageService
 * .duplicatePage`, 0.94.0): the file copied in storage to the path of a new id (the old id
 * replaced in its path), then a new `attachments` row with the source's name, type, size and
 * creator, owned by the target page and its space. Only the source page's own attachments are
 * copied: an id of another page's file in the source content would otherwise hand that file to
 * whoever may see the target. A copy that fails is logged and left out, as Docmost does.
 */
export function docmostAttachmentCopies(
  binding: DocmostBinding,
): AttachmentCopies {
  const { attachmentRepo, storageService } = binding.instances;
  const logger = new Logger('AiTools');
  return {
    async copy(request) {
      const copied = new Map<string, string>();
      for (const attachmentId of request.attachmentIds) {
        const attachment = await attachmentRepo.findById(attachmentId);
        if (
          !attachment ||
          attachment.pageId !== request.sourcePageId ||
          attachment.workspaceId !== request.caller.workspaceId ||
          attachment.deletedAt ||
          attachment.aiChatId
        )
          continue;
        const id = uuidv7();
        const filePath = attachment.filePath.replace(attachment.id, id);
        try {
          await storageService.copy(attachment.filePath, filePath);
          await attachmentRepo.insertAttachment({
            id,
            type: attachment.type,
            filePath,
            fileName: attachment.fileName,
            fileSize: attachment.fileSize,
            mimeType: attachment.mimeType,
            fileExt: attachment.fileExt,
            creatorId: attachment.creatorId,
            workspaceId: attachment.workspaceId,
            pageId: request.targetPageId,
            spaceId: request.targetSpaceId,
          });
          copied.set(attachment.id, id);
        } catch (error) {
          logger.warn(
            `copyPageContent: attachment ${attachment.id} of page ${request.sourcePageId} was not copied for page ${request.targetPageId}: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      }
      return copied;
    },
  };
}
