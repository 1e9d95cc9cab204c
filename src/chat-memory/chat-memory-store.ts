import type {
  CarriedCommentPage,
  OutgoingCommentPage,
} from '../comment-signal';
import type { CarriedTool } from '../deferred/carried-tools';

/** Whose memory: one in-app chat, within its workspace. */
export interface ChatMemoryKey {
  readonly chatId: string;
  readonly workspaceId: string;
}

/** What a chat's previous turns left, as its next turn reads it. */
export interface StoredChatMemory {
  /** Deferred tools in activation order, with their last use. */
  readonly activatedTools: readonly CarriedTool[];
  /** The comment signal's working set, least recently touched first, watermarks on the database clock. */
  readonly commentPages: readonly CarriedCommentPage[];
  /** When a turn last stored this memory, on the database clock (text, microseconds). */
  readonly endedAt: string;
}

/** What one turn hands on when it ends. */
export interface ChatMemoryUpdate {
  readonly activatedTools: readonly CarriedTool[];
  readonly commentPages: readonly OutgoingCommentPage[];
}

/**
 * Where a chat's memory lives between turns. `save` merges with what is stored (two turns of
 * one chat ending at once keep both), so it never needs to read first.
 */
export interface ChatMemoryStore {
  /** Undefined for a chat no turn stored anything for (a new chat starts cold). */
  load(key: ChatMemoryKey): Promise<StoredChatMemory | undefined>;
  save(key: ChatMemoryKey, update: ChatMemoryUpdate): Promise<void>;
}
