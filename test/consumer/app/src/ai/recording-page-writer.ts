import { Injectable } from '@nestjs/common';
import {
  databasePageWriter,
  type CreatedPage,
  type PageCreation,
  type PageUpdate,
  type PageWriter,
  type WrittenPage,
} from 'docmost-ai-tools';

/** One call the package made to the host's writer. */
export interface PageWriteCall {
  readonly method: 'updatePage' | 'createPage';
  readonly toolName: string;
  /** The page changed; null for a page being created. */
  readonly pageId: string | null;
}

/**
 * Where Docmost binds its collaboration server's writer (the README's `pageWriter`): a host
 * class implementing the package's `PageWriter`, so the extension point is compiled against
 * the published types. It writes through the package's `databasePageWriter` (this app has no
 * collaboration server) and records each call, which the spec reads from `GET
 * /api/test/page-writes`.
 */
@Injectable()
export class RecordingPageWriter implements PageWriter {
  private readonly calls: PageWriteCall[] = [];

  updatePage(update: PageUpdate): Promise<WrittenPage> {
    this.calls.push({
      method: 'updatePage',
      toolName: update.toolName,
      pageId: update.page.id,
    });
    return databasePageWriter.updatePage(update);
  }

  createPage(creation: PageCreation): Promise<CreatedPage | null> {
    this.calls.push({
      method: 'createPage',
      toolName: creation.toolName,
      pageId: null,
    });
    return databasePageWriter.createPage(creation);
  }

  recorded(): readonly PageWriteCall[] {
    return [...this.calls];
  }
}
