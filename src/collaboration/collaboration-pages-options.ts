import type { AgentConnectionContext } from './collaboration-client';
import type { ToolCallContext } from '../registry';
import type { CollaborationServer } from './collaboration-server';

/** Options of `CollaborationPages`; only `server` is required. */
export interface CollaborationPagesOptions {
  /** Docmost's `CollaborationGateway` (or a Hocuspocus instance): `openDirectConnection`. */
  readonly server: CollaborationServer;
  /**
   * Whether the server has the page's document loaded now. When it answers false the page is
   * read from and written to the database (cheaper, and the write gets its history row at
   * once). Absent: every read and write goes through the server, which loads a page nobody
   * has open from the database as an editor opening it would.
   */
  readonly isDocumentLoaded?: (documentName: string) => boolean;
  /**
   * The connection's context: how the host's persistence attributes the store of the agent's
   * change. Default `{ user: { id }, workspace: { id }, actor: 'agent', aiChatId }`: Docmost's
   * persistence reads `context.user.id` as the page's last editor and `context.actor ===
   * 'agent'` as the agent's provenance (`last_updated_source`, an agent history snapshot). A
   * `collaborationClient` server receives it to mint the connection's token.
   */
  readonly connectionContext?: (context: ToolCallContext) => unknown;
  /** The document name of a page. Default `page.<pageId>`, Docmost's. */
  readonly documentName?: (pageId: string) => string;
  /** The Yjs XML fragment holding the document. Default `default`, Docmost's. */
  readonly fragment?: string;
  /** Most time to open a direct connection before the tool answers `unavailable`. Default 10 s. */
  readonly connectTimeoutMs?: number;
  /**
   * How long a direct connection stays open after the call that used it, for the next call on
   * the same page with the same connection context. Hocuspocus stores a document each time a
   * direct connection disconnects, and a store converts the whole document (Docmost's also
   * compares it with the page row): one connection per call made every read cost a store. The
   * page stays loaded this much longer after its last editor leaves. 0: a connection per call.
   * Default 10 s (Docmost's store delay).
   */
  readonly connectionLingerMs?: number;
  /** Reads remembered for the merge of a later write (per page version). Default 1000. */
  readonly maxSnapshots?: number;
  /** Where failures after a change was applied are told (a store that failed). Default none. */
  readonly onError?: (message: string, error: unknown) => void;
}

/** What Docmost's persistence reads in a connection's context (`actor`) for an agent's change. */
export const AGENT_ACTOR = 'agent';

export const LIVE_VERSION_PREFIX = 'live:';

/** Most top-level blocks all remembered reads hold together (a few MB). */
export const MAX_REMEMBERED_BLOCKS = 200_000;

/** Whether a version names a live read (not an `updated_at` of the page row). */
export function isLiveVersion(version: string): boolean {
  return version.startsWith(LIVE_VERSION_PREFIX);
}

export function defaultConnectionContext(
  context: ToolCallContext,
): AgentConnectionContext {
  return {
    user: { id: context.userId },
    workspace: { id: context.workspaceId },
    actor: AGENT_ACTOR,
    aiChatId: context.chatId ?? null,
  };
}
