import type { YDoc as Doc } from './yjs';

/**
 * A direct (server-side) connection to one document of the host's collaboration server, as
 * Hocuspocus' `DirectConnection` is: what Docmost's `CollaborationGateway.openDirectConnection`
 * returns. Typed by shape, so the package never imports the host.
 */
export interface CollaborationConnection {
  /**
   * Runs `change` on the loaded document, then lets the server store it (Hocuspocus 3 stores
   * at once after a direct transaction). Changes reach every connected editor.
   */
  transact(change: (document: Doc) => void): Promise<void>;
  /** Releases the document; the server stores it and unloads it when nobody else has it open. */
  disconnect(): Promise<void>;
  /**
   * The loaded document (Hocuspocus' `DirectConnection.document`): read without a transaction,
   * which would make the server store. Absent: reads go through `transact`.
   */
  readonly document?: Doc | null;
}

/**
 * The host's collaboration server, as the package needs it: Docmost's `CollaborationGateway`,
 * or a Hocuspocus instance. Opening a document that is not loaded loads it, as an editor
 * opening the page would (the host's persistence reads `pages.ydoc`, or builds it from
 * `pages.content`).
 */
export interface CollaborationServer {
  openDirectConnection(
    documentName: string,
    context?: unknown,
  ): Promise<CollaborationConnection>;
}
