import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Kysely } from 'kysely';
import { WebSocketServer } from 'ws';
import WebSocket from 'ws';
import { collaborationClient, type CollaborationPagesOptions } from '../../src';
import type {
  CommentMarkRequest,
  CommentMarks,
} from '../docmost/host-comment.service';
import { documentNameOfPage } from './document-name';
import { setCommentMark } from './set-comment-mark';
import type { DB } from '../../src';
import { AgentCollaborationTokens } from './agent-collaboration-tokens';
import {
  collaborationCluster,
  type CollaborationCluster,
} from './collaboration-cluster';
import { collaborationAuthentication } from './collaboration-authentication';
import { Hocuspocus } from './hocuspocus';
import { pagePersistence } from './page-persistence';
import { storeAgentChangesAtOnce } from './store-agent-changes-at-once';
import { PageStoreWorker, type PageStoreConnection } from './page-store-worker';

/** Where editors connect: the WebSocket path on the host's HTTP server. */
export const COLLABORATION_PATH = '/collab';

export interface HostCollaborationOptions {
  readonly db: Kysely<DB>;
  /** Store this long after the last change. Default 10 s, Docmost's. */
  readonly debounceMs?: number;
  /** Store at most this long after the first unsaved change. Default 45 s, Docmost's. */
  readonly maxDebounceMs?: number;
  /**
   * Where a worker thread writes the stored pages, on a connection of its own
   * (`PageStoreWorker`). Default: none, the rows are written through `db` on this thread.
   */
  readonly storeConnection?: PageStoreConnection;
  /**
   * `REDIS_URL`: this server is one instance of several on one database and this Redis, and
   * keeps the pages it holds in step with theirs (`collaborationCluster`). Default: alone.
   */
  readonly redisUrl?: string;
}

/**
 * The reference host's collaboration server, shaped as Docmost's: Hocuspocus on the host's own
 * HTTP server at `/collab`, documents `page.<pageId>` with the ProseMirror document in fragment
 * `default`, authenticated with the host's tokens, loaded and stored as Docmost's persistence
 * does, with Docmost's store delays. `pages` is what the module's `collaboration` option binds.
 */
export class HostCollaboration implements CommentMarks {
  readonly hocuspocus: Hocuspocus;
  private readonly sockets = new WebSocketServer({ noServer: true });
  private attached: Server | undefined;
  private closed = false;
  private readonly storeWorker: PageStoreWorker | undefined;
  private readonly cluster: CollaborationCluster | undefined;
  private readonly agentTokens: Promise<AgentCollaborationTokens>;

  constructor(options: HostCollaborationOptions) {
    this.agentTokens = AgentCollaborationTokens.load(options.db);
    // Not awaited here: the first connection awaits it, and a failure is told there.
    this.agentTokens.catch(() => undefined);
    this.cluster =
      options.redisUrl === undefined
        ? undefined
        : collaborationCluster(options.redisUrl);
    this.storeWorker =
      options.storeConnection === undefined
        ? undefined
        : new PageStoreWorker(options.storeConnection);
    const storeWorker = this.storeWorker;
    this.hocuspocus = new Hocuspocus({
      debounce: options.debounceMs ?? 10_000,
      maxDebounce: options.maxDebounceMs ?? 45_000,
      unloadImmediately: false,
      extensions: [
        ...(this.cluster?.extensions ?? []),
        collaborationAuthentication(options.db, this.agentTokens),
        storeAgentChangesAtOnce,
        pagePersistence(options.db, {
          isClosed: () => this.closed,
          ...(storeWorker === undefined ? {} : { replicas: storeWorker }),
        }),
      ],
    });
  }

  /**
   * The module's `collaboration` option: the agent is a client of this server's `/collab`, as
   * an editor is, with a token minted for its user and chat, so its reads and writes go to the
   * page's document wherever the cluster holds it and its stores record the agent. Alone, the
   * server also says which pages it has loaded (the others are read from and written to the
   * database); in a cluster another instance may hold any page, so every page goes through it.
   */
  get pages(): CollaborationPagesOptions {
    return {
      server: collaborationClient({
        url: () => this.url(),
        token: async (context) => (await this.agentTokens).mint(context),
        WebSocket,
      }),
      ...(this.cluster === undefined
        ? {
            isDocumentLoaded: (documentName: string) =>
              this.hocuspocus.documents.has(documentName),
          }
        : {}),
    };
  }

  /** Where this server's `/collab` listens, on loopback. */
  private url(): string {
    const address = this.attached?.address();
    if (typeof address !== 'object' || address === null)
      throw new Error('the collaboration server is not listening yet');
    return `ws://127.0.0.1:${address.port}${COLLABORATION_PATH}`;
  }

  /** Serves `/collab` on the host's HTTP server (WebSocket upgrades only). */
  attach(server: Server): void {
    if (this.attached === server) return;
    this.attached = server;
    server.on('upgrade', this.upgrade);
  }

  private readonly upgrade = (
    request: IncomingMessage,
    socket: Duplex,
    head: Buffer,
  ): void => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== COLLABORATION_PATH) {
      socket.destroy();
      return;
    }
    this.sockets.handleUpgrade(request, socket, head, (webSocket) =>
      this.hocuspocus.handleConnection(webSocket, request),
    );
  };

  /**
   * Docmost's `setCommentMark` collaboration event: the comment mark over a Yjs selection, set
   * on this server's document of the page (as a direct connection, for whoever may comment:
   * an editor's read-only connection never could). Docmost runs it on the page's owner; the
   * reference host's cluster keeps the other instances' copies in step.
   */
  async setCommentMark(
    pageId: string,
    payload: CommentMarkRequest,
  ): Promise<void> {
    const connection = await this.hocuspocus.openDirectConnection(
      documentNameOfPage(pageId),
      { user: payload.user, workspace: { id: payload.workspaceId } },
    );
    try {
      await connection.transact((document) =>
        setCommentMark(document, payload.yjsSelection, payload),
      );
    } finally {
      await connection.disconnect();
    }
  }

  /** Stores every document with unsaved changes now, as Docmost does before it stops. */
  async flush(): Promise<void> {
    const pending = [...this.hocuspocus.documents.keys()]
      .map((name) => `onStoreDocument-${name}`)
      .filter((id) => this.hocuspocus.debouncer.isDebounced(id))
      .map((id) => this.hocuspocus.debouncer.executeNow(id));
    await Promise.allSettled(pending);
  }

  /** Stores what is unsaved, closes every editor's connection and stops serving `/collab`. */
  async close(): Promise<void> {
    this.attached?.off('upgrade', this.upgrade);
    this.hocuspocus.closeConnections();
    await this.flush();
    // Stores already running (a direct connection's last one) finish on the open database.
    const deadline = Date.now() + 5000;
    while (
      Date.now() < deadline &&
      [...this.hocuspocus.documents.values()].some((document) =>
        document.saveMutex.isLocked(),
      )
    )
      await new Promise((resolve) => setTimeout(resolve, 10));
    this.closed = true;
    await this.storeWorker?.close();
    await this.cluster?.close();
    this.attached = undefined;
    for (const client of this.sockets.clients) client.terminate();
    await new Promise<void>((resolve) => this.sockets.close(() => resolve()));
  }
}
