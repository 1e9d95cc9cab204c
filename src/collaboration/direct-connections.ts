import { ToolError } from '../registry/tool-error';
import { withTimeout } from '../ground';
import type {
  CollaborationConnection,
  CollaborationServer,
} from './collaboration-server';

/** The tool's answer when the collaboration server cannot be reached; the cause goes to the log. */
export function collaborationUnavailable(
  pageId: string,
  cause: unknown,
): ToolError {
  const error = new ToolError(
    'unavailable',
    `the collaboration server did not answer for page ${pageId}; nothing was written: try again in a moment`,
    { pageId },
  );
  (error as { cause?: unknown }).cause = cause;
  return error;
}

/**
 * The tool's answer when the server closed the connection before confirming the change: the
 * change is applied whole or not at all, and which one is only known by reading the page.
 */
export function collaborationUnconfirmed(
  pageId: string,
  cause: unknown,
): ToolError {
  const error = new ToolError(
    'unavailable',
    `the collaboration server of page ${pageId} went away before it confirmed your change, so it was applied in full or not at all: read the page again before retrying`,
    { pageId },
  );
  (error as { cause?: unknown }).cause = cause;
  return error;
}

/** One direct connection, shared by the calls that hold it (see `DirectConnections`). */
interface SharedConnection {
  readonly key: string | undefined;
  readonly opening: Promise<CollaborationConnection>;
  holders: number;
  linger?: NodeJS.Timeout;
}

/** Whether a connection's document is gone: disconnected, or destroyed by the server. */
function isClosed(connection: CollaborationConnection): boolean {
  const document = connection.document as
    { readonly isDestroyed?: boolean } | null | undefined;
  return document === null || document?.isDestroyed === true;
}

/**
 * What a direct connection opened with `context` may be shared by: equal contexts of the same
 * document. Undefined (never shared) for a context that is not plain data.
 */
function sharingKey(
  documentName: string,
  context: unknown,
): string | undefined {
  try {
    return `${documentName}\n${JSON.stringify(context)}`;
  } catch {
    return undefined;
  }
}

/**
 * Opening and releasing direct connections, with a deadline on the opening. A released
 * connection stays open for `lingerMs` and serves the next call on the same document with the
 * same connection context: Hocuspocus stores a document whenever a direct connection
 * disconnects, and the host's store converts the whole document (Docmost's compares it with
 * the page row), so a connection per read made every read of a large open page cost a store.
 */
export class DirectConnections {
  private readonly shared = new Map<string, SharedConnection>();
  private readonly holding = new WeakMap<
    CollaborationConnection,
    SharedConnection
  >();

  constructor(
    private readonly server: CollaborationServer,
    private readonly timeoutMs: number,
    private readonly lingerMs: number,
    private readonly onError?: (message: string, error: unknown) => void,
  ) {}

  /**
   * Opens `documentName` (loading it when the server has not), or an open connection with the
   * same context; fails with `unavailable` once `timeoutMs` passed (a connection that opens
   * after the deadline is released).
   */
  async open(
    pageId: string,
    documentName: string,
    context: unknown,
    retried = false,
  ): Promise<CollaborationConnection> {
    const entry = this.acquire(documentName, context);
    let connection: CollaborationConnection;
    try {
      connection = await withTimeout(
        entry.opening,
        this.timeoutMs,
        () => new Error(`no answer in ${this.timeoutMs} ms`),
      );
    } catch (error) {
      this.releaseEntry(entry);
      throw collaborationUnavailable(pageId, error);
    }
    if (isClosed(connection) && !retried) {
      // Closed under its holders (the server closed or unloaded the document, as when the page
      // is deleted): never handed out again.
      this.forget(entry);
      this.releaseEntry(entry);
      return this.open(pageId, documentName, context, true);
    }
    this.holding.set(connection, entry);
    return connection;
  }

  /** Gives a connection back; the last holder's release lets it linger, then disconnects it. */
  release(connection: CollaborationConnection): void {
    const entry = this.holding.get(connection);
    if (entry) this.releaseEntry(entry);
    else void this.disconnect(Promise.resolve(connection));
  }

  /**
   * Disconnects every lingering connection now (shutdown); one still held is disconnected when
   * its holder releases it. Resolves when the server has taken the disconnects.
   */
  async close(): Promise<void> {
    const closing: Promise<void>[] = [];
    for (const entry of [...this.shared.values()]) {
      this.forget(entry);
      if (entry.holders === 0) {
        clearTimeout(entry.linger);
        closing.push(this.disconnect(entry.opening));
      }
    }
    await Promise.all(closing);
  }

  private acquire(documentName: string, context: unknown): SharedConnection {
    const key =
      this.lingerMs > 0 ? sharingKey(documentName, context) : undefined;
    let entry = key === undefined ? undefined : this.shared.get(key);
    if (!entry) {
      entry = {
        key,
        opening: this.server.openDirectConnection(documentName, context),
        holders: 0,
      };
      const opened = entry;
      if (key !== undefined) this.shared.set(key, opened);
      // A failed opening is not shared with the calls that come after it.
      opened.opening.catch(() => this.forget(opened));
    }
    entry.holders++;
    clearTimeout(entry.linger);
    entry.linger = undefined;
    return entry;
  }

  private releaseEntry(entry: SharedConnection): void {
    entry.holders--;
    if (entry.holders > 0) return;
    if (entry.key === undefined || this.shared.get(entry.key) !== entry) {
      void this.disconnect(entry.opening);
      return;
    }
    entry.linger = setTimeout(() => {
      this.forget(entry);
      void this.disconnect(entry.opening);
    }, this.lingerMs);
    entry.linger.unref();
  }

  private forget(entry: SharedConnection): void {
    if (entry.key !== undefined && this.shared.get(entry.key) === entry)
      this.shared.delete(entry.key);
  }

  /** Lets the server store and unload; a failure is only told (nothing waits on it). */
  private disconnect(opening: Promise<CollaborationConnection>): Promise<void> {
    return opening.then(
      (connection) =>
        connection.disconnect().catch((error: unknown) => {
          this.onError?.(
            'collaboration server failed to release a direct connection',
            error,
          );
        }),
      // It never opened: its callers were told (unavailable), nothing to release.
      () => undefined,
    );
  }
}
