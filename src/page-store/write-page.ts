import type { Kysely } from 'kysely';
import type { DB } from '../database';
import type { ToolCallContext } from '../registry';
import type { JsonValue } from '../database';
import {
  requirePage,
  type AccessiblePage,
  type FindPageOptions,
} from '../access';
import { isUuid, ToolError } from '../ground';
import { admitLargeDocument, largeDocumentThreshold } from '../workers';
import { asDocument, type ProseMirrorNode } from '../document';
import type { StoredDocumentHeavyWork } from '../stored-document';
import type { LivePageReader } from './live-page-reader';
import type { PageUpdate, PageWriter, WrittenPage } from './page-writer';
import { refuseUnstorableText } from '../stored-document';
import {
  hasStoredDocument,
  rememberStoredDocument,
  type StoredFormOptions,
} from '../stored-document';

/**
 * The database handle and the page writer a tool writes with: its executor dependencies, or the
 * same with the tool's transaction as `db`.
 */
export interface PageStore {
  readonly db: Kysely<DB>;
  readonly pageWriter: PageWriter;
  /** Where a page open in the host's collaboration server is read; absent: the database only. */
  readonly livePages?: LivePageReader;
  /** Where the stored form of a large new document is made (see `writePage`). */
  readonly heavyWork: StoredDocumentHeavyWork;
}

/**
 * What a write of `pageId`'s document needs made with its stored form: the top-level blocks'
 * fingerprints when it will be merged into a live page (the page is open in the collaboration
 * server, or the server cannot say), nothing more otherwise. Worth asking: for a document of
 * megabytes the fingerprints are seconds of a worker's time.
 */
export function storedFormFor(
  store: Pick<PageStore, 'livePages'>,
  pageId: string,
): StoredFormOptions {
  const { livePages } = store;
  return {
    blockFingerprints:
      livePages !== undefined && (livePages.holdsPage?.(pageId) ?? true),
  };
}

/**
 * `requirePage` (access checked on the database row), with the document and version of the
 * page as its open editors have it when the page is live in the host's collaboration server.
 * Every tool that reads a page's document reads it through here, so it sees what the user sees,
 * not the last store.
 */
export async function readPage(
  store: Pick<PageStore, 'db' | 'livePages'>,
  context: ToolCallContext,
  pageIdOrSlugId: string,
  options: FindPageOptions = {},
): Promise<AccessiblePage> {
  const { livePages } = store;
  // A page the collaboration server holds is read there: its stored document (megabytes for
  // a large page) is not fetched only to be replaced.
  const liveFirst =
    options.content !== false &&
    isUuid(pageIdOrSlugId) &&
    livePages?.holdsPage?.(pageIdOrSlugId) === true;
  const page = await requirePage(
    store.db,
    context,
    pageIdOrSlugId,
    liveFirst ? { ...options, content: false } : options,
  );
  const live =
    livePages && page.deletedAt === null
      ? await livePages.readLive({ pageId: page.id, context })
      : undefined;
  if (!live)
    // Unloaded since (or trashed): read as stored after all.
    return liveFirst
      ? requirePage(store.db, context, pageIdOrSlugId, options)
      : page;
  // Asked without its document (a whole-document write needs the version only): none is made.
  if (options.content === false)
    return { ...page, ...liveFields(live.version) };
  const threshold = largeDocumentThreshold();
  const text = live.documentText;
  if (
    threshold !== undefined &&
    text !== undefined &&
    text.length >= threshold
  ) {
    // Typing since the last store can make a page large that was small in its row.
    await admitLargeDocument({ chars: text.length }, page.id);
    if (options.largeDocumentAsText)
      return {
        ...page,
        ...liveFields(live.version),
        content: null,
        documentText: text,
      };
  }
  return {
    ...page,
    ...liveFields(live.version),
    // The live document is an object (parsed from the editors' Yjs document when the reader
    // gave it as text).
    content: live.content as unknown as JsonValue,
  };
}

/**
 * The page of a row asked for by its own id (a comment, a saved version), read as `readPage`
 * reads it. A page the caller may not see answers with the row's own not-found (`rowNotFound`):
 * a missing row and one on a hidden page read the same, so ids cannot be probed.
 */
export async function readPageOfRow(
  store: Pick<PageStore, 'db' | 'livePages'>,
  context: ToolCallContext,
  pageId: string,
  options: FindPageOptions,
  rowNotFound: () => ToolError,
): Promise<AccessiblePage> {
  try {
    return await readPage(store, context, pageId, options);
  } catch (error) {
    if (ToolError.isToolError(error) && error.code === 'not_found')
      throw rowNotFound();
    throw error;
  }
}

function liveFields(version: string) {
  return {
    version,
    // As requirePage leaves it: no tool reads the text shadow.
    textContent: null,
    documentText: undefined,
  };
}

/**
 * Every tool's change to an existing page goes through here to `store.pageWriter`: text
 * PostgreSQL cannot store is refused first, naming the field, whatever the writer. The new
 * document's stored form (JSON text and plain text) is made here once, in a worker when it is
 * large, and handed to the writer with it (see `storedDocumentOf`).
 */
export async function writePage(
  store: PageStore,
  update: Omit<PageUpdate, 'db'>,
): Promise<WrittenPage> {
  const { change } = update;
  if (change.content && !hasStoredDocument(change.content)) {
    // The one serialisation the write needs anyway; its length says where the rest runs.
    const json = JSON.stringify(change.content);
    const { heavyWork } = store;
    rememberStoredDocument(
      change.content,
      await heavyWork.runSized(
        'storedDocumentOfJson',
        {
          json,
          field: 'the new content',
          // A live page's merge compares fingerprints: made here, off the event loop when large.
          ...storedFormFor(store, update.page.id),
        },
        json.length,
        {
          userId: update.context.userId,
          label: `${update.toolName} on page ${update.page.id}`,
          advice: 'Write a smaller document.',
        },
      ),
    );
  }
  if (change.title !== undefined)
    refuseUnstorableText(change.title, 'the title');
  // Only what the contract names: a writer must not come to rely on the rest of a row.
  const page = { id: update.page.id, version: update.page.version };
  return store.pageWriter.updatePage({ ...update, page, db: store.db });
}

export interface MutatePageResult {
  readonly before: AccessiblePage;
  readonly after: WrittenPage;
}

/** Which page a read-modify-write is of, for which caller, by which tool. */
export interface PageMutation {
  readonly context: ToolCallContext;
  /** The page's id or slugId. */
  readonly pageId: string;
  /** The tool that writes, as limit errors name it. */
  readonly toolName: string;
  /**
   * Require the caller's right to edit the page. Default true; createComment's anchor mark
   * passes false, having checked the caller may comment (a viewer may, where the space allows).
   */
  readonly write?: boolean;
}

/**
 * Read-modify-write of one page's document for a caller with write access. `mutate` gets the
 * current document (a large page's as its JSON text, for a mutation that hands it to a worker
 * as it is: never parsed here) and returns the new one; the write goes through the page writer
 * as a compare-and-set on the version read.
 */
export async function mutatePage(
  store: PageStore,
  { context, pageId, toolName, write = true }: PageMutation,
  mutate: (
    document: ProseMirrorNode | string,
    page: AccessiblePage,
  ) => ProseMirrorNode | Promise<ProseMirrorNode>,
): Promise<MutatePageResult> {
  const before = await readPage(store, context, pageId, {
    write,
    largeDocumentAsText: true,
  });
  const content = await mutate(
    before.documentText ?? asDocument(before.content),
    before,
  );
  const after = await writePage(store, {
    context,
    page: before,
    change: { content },
    toolName,
  });
  return { before, after };
}
