import type { ChatMemoryStore } from './chat-memory-store';

/** Nest injection token of `ChatMemoryOptions` (optional: every field has a default). */
export const CHAT_MEMORY_OPTIONS = Symbol('CHAT_MEMORY_OPTIONS');

export interface ChatMemoryOptions {
  /** Where chat memory lives; default the module's table on the host's database. */
  readonly store?: ChatMemoryStore;
  /** Deferred tools a chat carries into its next turn, least recently used dropped first. Default 12. */
  readonly maxCarriedTools?: number;
  /**
   * Comment-signal pages a chat carries into its next turn, least recently touched dropped
   * first. Default: the comment signal's working-set limit (50).
   */
  readonly maxWorkingSetPages?: number;
}
