import { sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import {
  blockFingerprint,
  type ProseMirrorNode,
  asDocument,
} from '../document';
import type { YDoc } from './yjs';
import type { ToolCallContext } from '../registry/tool-call-context';
import { ToolError } from '../registry/tool-error';
import {
  databasePageWriter,
  pageVersionConflict,
  rememberedBlockFingerprints,
  type LivePageContent,
  type LivePageReader,
  type LocatedSelection,
  type PageUpdate,
  type PageWriter,
  type WrittenPage,
} from '../page-store';
import {
  applyBlockMerge,
  liveElementById,
  type BlockConflict,
} from './apply-block-merge';
import type { CollaborationConnection } from './collaboration-server';
import { CollaborationUnconfirmedError } from './collaboration-unconfirmed-error';
import {
  collaborationUnavailable,
  collaborationUnconfirmed,
  DirectConnections,
} from './direct-connections';
import {
  defaultConnectionContext,
  isLiveVersion,
  MAX_REMEMBERED_BLOCKS,
  type CollaborationPagesOptions,
} from './collaboration-pages-options';
import {
  changedHunks,
  type ReadBlock,
  type WrittenBlock,
} from './plan-block-merge';
import { DOCUMENT_FRAGMENT, fragmentToDocument } from './yjs-document';
import { yieldToEventLoop } from '../workers';
import { locateLiveSelection } from './live-comment-selection';
import {
  liveBlocksOf,
  warmLiveBlocks,
  type LiveBlocksView,
} from './live-blocks';

/** What a read of a live page remembers for the write that follows it. */
interface ReadSnapshot {
  readonly pageId: string;
  readonly blocks: readonly ReadBlock[];
}

function describeBlock(conflict: BlockConflict): string {
  const position = `block #${conflict.readIndex}`;
  if (conflict.removed) return `${position} was deleted by someone else`;
  const id = conflict.block?.attrs?.id;
  return `${position}${typeof id === 'string' ? ` (id ${id})` : ''} was changed by someone else`;
}

/**
 * Reads and writes of pages that live in the host's collaboration server (Docmost: Hocuspocus
 * with Yjs). Reads return the in-memory document, ahead of `pages.content` by up to the server's
 * store delay. Writes are merged into it block by block, as one Yjs transaction: only the
 * top-level blocks the tool changed are touched (in place where the type stays), a block the
 * tool changes that someone changed since the tool's read fails the call with `conflict`
 * (nothing written), and every other concurrent change survives. Bind it with the module's
 * `collaboration` option; `reader` and `pageWriter()` are what the executors use.
 */
export class CollaborationPages implements LivePageReader {
  private readonly snapshots: LRUCache<string, ReadSnapshot>;
  private readonly documentName: (pageId: string) => string;
  private readonly fragmentName: string;
  private readonly connectionContext: (context: ToolCallContext) => unknown;
  private readonly connections: DirectConnections;

  constructor(private readonly options: CollaborationPagesOptions) {
    this.snapshots = new LRUCache({
      max: options.maxSnapshots ?? 1000,
      // Bounded by blocks too: a thousand reads of a very long page would otherwise pile up.
      maxSize: MAX_REMEMBERED_BLOCKS,
      sizeCalculation: (snapshot) => snapshot.blocks.length + 1,
    });
    this.documentName = options.documentName ?? ((pageId) => `page.${pageId}`);
    this.fragmentName = options.fragment ?? DOCUMENT_FRAGMENT;
    this.connectionContext =
      options.connectionContext ?? defaultConnectionContext;
    this.connections = new DirectConnections(
      options.server,
      options.connectTimeoutMs ?? 10_000,
      options.connectionLingerMs ?? 10_000,
      options.onError,
    );
  }

  /**
   * Releases the direct connections kept open between calls (see `connectionLingerMs`); the
   * server stores each document once more. Call it before the collaboration server closes.
   */
  close(): Promise<void> {
    return this.connections.close();
  }

  /** Whether reads of the page go to the server: loaded there, or no way to tell (Docmost). */
  holdsPage(pageId: string): boolean {
    return this.isLoaded(pageId);
  }

  private isLoaded(pageId: string): boolean {
    return this.options.isDocumentLoaded?.(this.documentName(pageId)) ?? true;
  }

  async readLive({
    pageId,
    context,
  }: {
    pageId: string;
    context: ToolCallContext;
  }): Promise<LivePageContent | undefined> {
    if (!this.isLoaded(pageId)) return undefined;
    const connection = await this.connect(pageId, context);
    try {
      const document = connection.document;
      if (document) {
        await warmLiveBlocks(document, this.fragmentName);
        return this.snapshot(pageId, document);
      }
      let read: LivePageContent | undefined;
      await connection.transact((doc) => {
        read = this.snapshot(pageId, doc);
      });
      return read!;
    } finally {
      this.connections.release(connection);
    }
  }

  /**
   * A new thread's selection on the live page as Yjs positions, for a comment service that
   * sets the mark itself; the page stays open until the result's `release`.
   */
  async locateSelection({
    pageId,
    context,
    selection,
  }: {
    pageId: string;
    context: ToolCallContext;
    selection: string;
  }): Promise<LocatedSelection | undefined> {
    if (!this.isLoaded(pageId)) return undefined;
    const connection = await this.connect(pageId, context);
    return locateLiveSelection(connection, {
      selection,
      fragmentName: this.fragmentName,
      markTimeoutMs: this.options.connectTimeoutMs ?? 10_000,
      versionOf: (document) => this.remember(pageId, document).version,
      release: () => this.connections.release(connection),
    });
  }

  /**
   * The page writer: content changes of live pages merged into the live document, everything
   * else (title-only changes, pages not loaded, new pages) through `fallback`, by default the
   * database writer.
   */
  pageWriter(fallback: PageWriter = databasePageWriter): PageWriter {
    return Object.freeze({
      updatePage: (update: PageUpdate) => this.updatePage(update, fallback),
      createPage: fallback.createPage.bind(fallback),
    });
  }

  private async updatePage(
    update: PageUpdate,
    fallback: PageWriter,
  ): Promise<WrittenPage> {
    const { page, change } = update;
    const live = isLiveVersion(page.version);
    if (!change.content) {
      // Docmost keeps the title in the page row, not in the collaborative document: a rename
      // of a live page never conflicts with its editing (whose stores move the row's version),
      // so it is written on the row's current version.
      if (!live && !this.isLoaded(page.id)) return fallback.updatePage(update);
      const written = await this.renameOnCurrentVersion(update, fallback);
      return live ? { ...written, version: page.version } : written;
    }
    if (!live && !this.isLoaded(page.id)) return fallback.updatePage(update);
    return this.mergeIntoLive(update, change.content);
  }

  /**
   * A title change of a live page on the row's current version; the editors' stores move that
   * version at any time, so a store landing between the read and the write is retried.
   */
  private async renameOnCurrentVersion(
    update: PageUpdate,
    fallback: PageWriter,
  ): Promise<WrittenPage> {
    const { page } = update;
    for (let attempt = 1; ; attempt++) {
      const row = await update.db
        .selectFrom('pages')
        .select(sql<string>`updated_at::text`.as('version'))
        .where('id', '=', page.id)
        .where('deletedAt', 'is', null)
        .executeTakeFirst();
      if (!row) throw pageVersionConflict(page.id, page.version, undefined);
      try {
        return await fallback.updatePage({
          ...update,
          page: { id: page.id, version: row.version },
        });
      } catch (error) {
        if (
          attempt >= 50 ||
          !(ToolError.isToolError(error) && error.code === 'conflict')
        )
          throw error;
        // Stores come in bursts (the agent's change is stored at once, cut by author): a
        // random pause, growing with the attempts, lets the next try land between them.
        await new Promise((resolve) =>
          setTimeout(resolve, Math.random() * 5 * Math.min(attempt, 10)),
        );
      }
    }
  }

  private async mergeIntoLive(
    update: PageUpdate,
    content: ProseMirrorNode,
  ): Promise<WrittenPage> {
    const { page } = update;
    // A large written document arrives from a worker: receiving its message held this turn
    // already (~35 ms for 6 MB), so its blocks are parsed on the next, and merged on another.
    await yieldToEventLoop();
    // Made with the stored form (in a worker for a large document) when the tool's write went
    // through writePage.
    const fingerprints = rememberedBlockFingerprints(content);
    const written: WrittenBlock[] = (content.content ?? []).map(
      (node, index) => ({
        node,
        fingerprint: fingerprints?.[index] ?? blockFingerprint(node),
      }),
    );
    // A version of the page row (read before the page was opened in an editor): the row's
    // document at that version is the base, if the live document still equals it.
    const rowBase = isLiveVersion(page.version)
      ? undefined
      : await this.rowDocument(update);
    const snapshot = isLiveVersion(page.version)
      ? this.snapshots.get(`${page.id}|${page.version}`)
      : undefined;
    if (isLiveVersion(page.version) && !snapshot)
      throw new ToolError(
        'conflict',
        `page ${page.id}: the read this write is based on (version ${page.version}) is too old to merge; nothing was written: read the page again and reapply your change`,
        { pageId: page.id, expected: page.version },
      );
    const connection = await this.connect(page.id, update.context);
    if (connection.document)
      await warmLiveBlocks(connection.document, this.fragmentName);
    await yieldToEventLoop();
    let outcome:
      | { kind: 'conflict'; error: ToolError }
      | { kind: 'applied'; version: string }
      | undefined;
    try {
      await connection.transact((document) => {
        const fragment = document.getXmlFragment(this.fragmentName);
        let read = snapshot?.blocks;
        if (!read) {
          const current = fragmentToDocument(fragment);
          if (
            blockFingerprint(current) !==
            blockFingerprint(asDocument(rowBase ?? null))
          ) {
            outcome = {
              kind: 'conflict',
              error: pageVersionConflict(
                page.id,
                page.version,
                'newer, open in an editor',
              ),
            };
            return;
          }
          read = this.blocksOf(document);
        }
        read = this.reloadedAsRead(document, read);
        const hunks = changedHunks(read, written);
        let result: ReturnType<typeof applyBlockMerge> | undefined;
        document.transact(() => {
          result = applyBlockMerge(fragment, read, written, hunks);
        }, 'docmost-ai-tools');
        if (result!.kind === 'conflict') {
          outcome = {
            kind: 'conflict',
            error: new ToolError(
              'conflict',
              `page ${page.id} changed where you are writing since you read it: ${describeBlock(result!)}; nothing was written: read the page again (its current text is in the editor) and reapply your change`,
              {
                pageId: page.id,
                expected: page.version,
                readIndex: result!.readIndex,
              },
            ),
          };
          return;
        }
        outcome = {
          kind: 'applied',
          version: this.remember(page.id, document).version,
        };
      });
    } catch (error) {
      if (outcome?.kind === 'conflict') throw outcome.error;
      if (outcome?.kind !== 'applied')
        throw collaborationUnavailable(page.id, error);
      // A client connection (`collaborationClient`) closed before the server confirmed the
      // change: it is not reported as written, and the model reads the page to see.
      if (error instanceof CollaborationUnconfirmedError)
        throw collaborationUnconfirmed(page.id, error);
      // Applied to the live document (editors have it); only the store failed, and the server
      // stores again on its next change or disconnect.
      this.options.onError?.(
        `collaboration server failed to store page ${page.id} after an agent change`,
        error,
      );
    } finally {
      this.connections.release(connection);
    }
    if (!outcome) throw collaborationUnavailable(page.id, undefined);
    if (outcome.kind === 'conflict') throw outcome.error;
    return { id: page.id, version: outcome.version, historyId: null };
  }

  private async rowDocument(update: PageUpdate): Promise<unknown> {
    const row = await update.db
      .selectFrom('pages')
      .select('content')
      .where('id', '=', update.page.id)
      .where('deletedAt', 'is', null)
      .where(sql<boolean>`updated_at::text = ${update.page.version}`)
      .executeTakeFirst();
    if (!row) {
      const current = await update.db
        .selectFrom('pages')
        .select(sql<string>`updated_at::text`.as('version'))
        .where('id', '=', update.page.id)
        .where('deletedAt', 'is', null)
        .executeTakeFirst();
      throw pageVersionConflict(
        update.page.id,
        update.page.version,
        current?.version,
      );
    }
    return row.content;
  }

  /**
   * The read's blocks as the live document now holds them. A document unloaded and loaded
   * again from a page with no stored Yjs state (a page the database writer wrote, or created)
   * has new Yjs items for the same content: when none of the read's blocks is found by its Yjs
   * id but the document's blocks are exactly what was read, they are the read's blocks.
   * Anything else stays as read, and the merge finds the changed blocks.
   */
  private reloadedAsRead(
    document: YDoc,
    read: readonly ReadBlock[],
  ): readonly ReadBlock[] {
    const fragment = document.getXmlFragment(this.fragmentName);
    if (
      read.length === 0 ||
      read.some((block) => liveElementById(fragment, block.id) !== undefined)
    )
      return read;
    const live = this.blocksOf(document);
    const same =
      live.length === read.length &&
      live.every(
        (block, index) => block.fingerprint === read[index]!.fingerprint,
      );
    return same ? live : read;
  }

  private blocksOf(document: YDoc): readonly ReadBlock[] {
    return liveBlocksOf(document, this.fragmentName).blocks;
  }

  /** The document as JSON, and a version remembering its blocks for the write that follows. */
  private snapshot(pageId: string, document: YDoc): LivePageContent {
    const view = this.remember(pageId, document);
    let content: ProseMirrorNode | undefined;
    return {
      // Made only for a caller that reads them (one that needs the version only reads neither),
      // and parsed only for one that wants the object: a large page's text goes to a worker.
      get documentText() {
        return view.documentText();
      },
      get content() {
        content ??= JSON.parse(view.documentText()) as ProseMirrorNode;
        return content;
      },
      version: view.version,
    };
  }

  /** The document's version, its blocks remembered under it for a write based on it. */
  private remember(pageId: string, document: YDoc): LiveBlocksView {
    const view = liveBlocksOf(document, this.fragmentName);
    const key = `${pageId}|${view.version}`;
    if (!this.snapshots.has(key)) {
      this.snapshots.set(key, {
        pageId,
        // Without each block's JSON, which the remembered read has no use for.
        blocks: view.blocks.map(({ id, fingerprint }) => ({ id, fingerprint })),
      });
    }
    return view;
  }

  private connect(
    pageId: string,
    context: ToolCallContext,
  ): Promise<CollaborationConnection> {
    return this.connections.open(
      pageId,
      this.documentName(pageId),
      this.connectionContext(context),
    );
  }
}
