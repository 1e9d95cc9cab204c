import type { Kysely } from 'kysely';
import type { DB } from '../../src';

/** Docmost's `Attachment`, as far as the host reads it. */
export interface HostAttachment {
  readonly id: string;
  readonly fileName: string;
  readonly filePath: string;
  readonly fileSize: number | null;
  readonly fileExt: string;
  readonly mimeType: string | null;
  readonly type: string | null;
  readonly creatorId: string;
  readonly pageId: string | null;
  readonly spaceId: string | null;
  readonly workspaceId: string;
  readonly aiChatId: string | null;
  readonly deletedAt: Date | null;
}

/** Docmost's `AttachmentRepo.findById` and `insertAttachment`. */
export class HostAttachmentRepo {
  constructor(private readonly db: Kysely<DB>) {}

  findById(attachmentId: string): Promise<HostAttachment | undefined> {
    return this.db
      .selectFrom('attachments')
      .select([
        'id',
        'fileName',
        'filePath',
        'fileSize',
        'fileExt',
        'mimeType',
        'type',
        'creatorId',
        'pageId',
        'spaceId',
        'workspaceId',
        'aiChatId',
        'deletedAt',
      ])
      .where('id', '=', attachmentId)
      .executeTakeFirst();
  }

  async insertAttachment(
    attachment: Omit<HostAttachment, 'aiChatId' | 'deletedAt'>,
  ): Promise<void> {
    await this.db.insertInto('attachments').values(attachment).execute();
  }
}
