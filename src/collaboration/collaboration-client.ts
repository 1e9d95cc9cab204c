import type * as HocuspocusProviderModule from '@hocuspocus/provider' with {
  'resolution-mode': 'import',
};
import type {
  CollaborationConnection,
  CollaborationServer,
} from './collaboration-server';
import { CollaborationUnconfirmedError } from './collaboration-unconfirmed-error';
import { Y, type YDoc } from './yjs';

/** A WebSocket constructor as `@hocuspocus/provider` takes it (the `ws` package, or Node 22's). */
export type WebSocketConstructor = new (url: string) => unknown;

/**
 * What the agent's connection carries when the live pages keep their default
 * `connectionContext`: the person the agent acts for, its workspace, and the agent's provenance
 * as Docmost's collaboration server reads it.
 */
export interface AgentConnectionContext {
  readonly user: { readonly id: string };
  readonly workspace: { readonly id: string };
  readonly actor: 'agent';
  readonly aiChatId: string | null;
}

/**
 * Options of `collaborationClient`. `Context` is what the connection carries: the default
 * `AgentConnectionContext`, or what a host's own `connectionContext` returns.
 */
export interface CollaborationClientOptions<Context = AgentConnectionContext> {
  /**
   * The collaboration server's WebSocket URL: Docmost's `COLLAB_URL` (its `collab-main`
   * process) or `ws://<host>:<port>/collab` on its API server. A function is asked at each
   * connection (a host that learns its port once it listens).
   */
  readonly url: string | (() => string);
  /**
   * The token the server authenticates the agent's connection with, minted for the
   * connection's context (`connectionContext`: by default `{ user, workspace, actor: 'agent',
   * aiChatId }`). Docmost: `tokenService.generateCollabToken(user, workspaceId, { actor:
   * 'agent', aiChatId })`, so the owner's persistence records the agent.
   */
  readonly token: (context: Context) => string | Promise<string>;
  /** Default: the global `WebSocket` (Node 22), else the `ws` package. */
  readonly WebSocket?: WebSocketConstructor;
  /**
   * Most time the server may take to confirm a change; then the connection is closed and the
   * write answers `unavailable` (applied whole or not at all). Default 10 s.
   */
  readonly confirmTimeoutMs?: number;
}

const loadProvider = (): typeof HocuspocusProviderModule =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('@hocuspocus/provider');

function defaultWebSocket(): WebSocketConstructor {
  const global = (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return global ?? (require('ws') as WebSocketConstructor);
}

/**
 * The agent as a client of the collaboration server, as an editor is: each opened document is
 * a `@hocuspocus/provider` over its own WebSocket, holding a Yjs replica the server keeps in
 * step. Whichever process or instance owns the page, the server routes the agent's messages to
 * it as it routes an editor's, so reads see the owner's document and changes are merged into
 * it; nothing loads a second copy, and the owner lock stays the server's business.
 * `CollaborationPages` uses it through the same shape as a direct connection
 * (`CollaborationServer`), with its pooling (`connectionLingerMs`) and deadline
 * (`connectTimeoutMs`).
 */
export function collaborationClient<Context = AgentConnectionContext>(
  options: CollaborationClientOptions<Context>,
): CollaborationServer {
  const WebSocket = options.WebSocket ?? defaultWebSocket();
  const confirmTimeoutMs = options.confirmTimeoutMs ?? 10_000;
  return {
    async openDirectConnection(documentName, context) {
      // The live pages pass what their `connectionContext` made: `Context` by contract.
      const token = await options.token(context as Context);
      const url =
        typeof options.url === 'function' ? options.url() : options.url;
      return openClientConnection(
        url,
        documentName,
        token,
        WebSocket,
        confirmTimeoutMs,
      );
    },
  };
}

/** One open document: a provider, its replica, and the changes waiting for the server's word. */
class ClientConnection implements CollaborationConnection {
  private closedBy: unknown;
  private readonly waiting = new Set<{
    resolve(): void;
    reject(error: unknown): void;
  }>();

  constructor(
    private readonly provider: HocuspocusProviderModule.HocuspocusProvider,
    private readonly documentName: string,
    private readonly confirmTimeoutMs: number,
  ) {
    provider.on('unsyncedChanges', () => this.settle());
  }

  /** The replica, kept in step by the server; null once the connection closed. */
  get document(): YDoc | null {
    return this.closedBy === undefined ? this.provider.document : null;
  }

  /**
   * Runs `change` on the replica; the provider sends the resulting update, and this resolves
   * once the server acknowledged every change sent (the provider's unsynced changes back to
   * 0). Rejects with `CollaborationUnconfirmedError` when the connection closes first.
   */
  async transact(change: (document: YDoc) => void): Promise<void> {
    if (this.closedBy !== undefined)
      throw new CollaborationUnconfirmedError(this.documentName, this.closedBy);
    change(this.provider.document);
    if (!this.provider.hasUnsyncedChanges) return;
    const timer = setTimeout(
      () =>
        this.close(new Error(`no confirmation in ${this.confirmTimeoutMs} ms`)),
      this.confirmTimeoutMs,
    );
    try {
      await new Promise<void>((resolve, reject) => {
        this.waiting.add({ resolve, reject });
      });
    } finally {
      clearTimeout(timer);
    }
  }

  async disconnect(): Promise<void> {
    this.close(new Error('disconnected'));
  }

  /** The server stopped answering for this document: changes not confirmed are not. */
  close(cause: unknown): void {
    if (this.closedBy !== undefined) return;
    this.closedBy = cause;
    this.provider.destroy();
    for (const waiter of this.waiting)
      waiter.reject(
        new CollaborationUnconfirmedError(this.documentName, cause),
      );
    this.waiting.clear();
  }

  private settle(): void {
    if (this.provider.hasUnsyncedChanges) return;
    for (const waiter of this.waiting) waiter.resolve();
    this.waiting.clear();
  }
}

/**
 * Connects, authenticates and waits for the first sync (the replica then holds the server's
 * document). A refusal or a closed socket before that rejects at once; after it, a closed
 * socket closes the connection for good (never reconnects with unconfirmed changes: the caller
 * opens a new one).
 */
function openClientConnection(
  url: string,
  documentName: string,
  token: string,
  WebSocket: WebSocketConstructor,
  confirmTimeoutMs: number,
): Promise<CollaborationConnection> {
  const { HocuspocusProvider } = loadProvider();
  const provider = new HocuspocusProvider({
    url,
    name: documentName,
    document: new Y.Doc(),
    token,
    WebSocketPolyfill: WebSocket,
  } as ConstructorParameters<typeof HocuspocusProvider>[0]);
  const connection = new ClientConnection(
    provider,
    documentName,
    confirmTimeoutMs,
  );
  return new Promise<CollaborationConnection>((resolve, reject) => {
    let synced = false;
    provider.on('synced', () => {
      synced = true;
      resolve(connection);
    });
    provider.on('authenticationFailed', ({ reason }: { reason: string }) => {
      const error = new Error(`refused ${documentName}: ${reason}`);
      connection.close(error);
      if (!synced) reject(error);
    });
    provider.on('close', ({ event }: { event?: { code?: number } }) => {
      const error = new Error(
        `connection to ${url} closed${event?.code === undefined ? '' : ` (${event.code})`}`,
      );
      connection.close(error);
      if (!synced) reject(error);
    });
  });
}
