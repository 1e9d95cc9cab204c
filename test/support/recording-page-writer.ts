import { randomUUID } from 'node:crypto';
import {
  pageVersionConflict,
  type CreatedPage,
  type PageChange,
  type PageCreation,
  type PageUpdate,
  type PageWriter,
  type WrittenPage,
} from '../../src';

/** One call the module made to the host's writer, as the host sees it. */
export type RecordedCall =
  | {
      readonly method: 'updatePage';
      readonly toolName: string;
      readonly pageId: string;
      readonly version: string;
      readonly change: PageChange;
      /** Whether the handle given was a transaction of the tool's. */
      readonly inTransaction: boolean;
      readonly returned: WrittenPage;
    }
  | {
      readonly method: 'createPage';
      readonly toolName: string;
      readonly page: PageCreation['page'];
      readonly inTransaction: boolean;
      readonly returned: CreatedPage;
    };

/**
 * A host's writer that never touches the database: it records every call and keeps what was
 * written in memory, with its own versions, as a writer to a collaboration server would. Like
 * Docmost's collaboration server, which saves history on its own schedule, it has no history
 * row to report for an update (`historyId: null`).
 */
export class RecordingPageWriter implements PageWriter {
  readonly calls: RecordedCall[] = [];
  readonly pages = new Map<string, { version: string } & PageChange>();
  private written = 0;

  async updatePage(update: PageUpdate): Promise<WrittenPage> {
    const { page, change, toolName } = update;
    const held = this.pages.get(page.id);
    // Its own compare-and-set: a page it wrote has the version it returned, not the stored one.
    if (held && held.version !== page.version)
      throw pageVersionConflict(page.id, page.version, held.version);
    const returned = {
      id: page.id,
      version: `writer-version-${++this.written}`,
      historyId: null,
    };
    this.pages.set(page.id, { ...held, ...change, version: returned.version });
    this.calls.push({
      method: 'updatePage',
      toolName,
      pageId: page.id,
      version: page.version,
      change,
      inTransaction: update.db.isTransaction,
      returned,
    });
    return returned;
  }

  async createPage(creation: PageCreation): Promise<CreatedPage> {
    const returned = {
      id: randomUUID(),
      slugId: creation.page.slugId,
      version: `writer-version-${++this.written}`,
      historyId: randomUUID(),
    };
    this.pages.set(returned.id, { ...creation.page, ...returned });
    this.calls.push({
      method: 'createPage',
      toolName: creation.toolName,
      page: creation.page,
      inTransaction: creation.db.isTransaction,
      returned,
    });
    return returned;
  }
}
