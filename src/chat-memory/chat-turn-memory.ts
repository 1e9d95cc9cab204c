import type { CarriedTool } from '../deferred/carried-tools';
import type {
  ChatMemoryKey,
  ChatMemoryStore,
  ChatMemoryUpdate,
} from './chat-memory-store';

/** Reports a memory that could not be stored; the turn itself is not failed for it. */
export type ChatMemoryFailureHandler = (
  error: unknown,
  key: ChatMemoryKey,
) => void;

/** What the turn's deferred tools hand on (a `ChatTurn`). */
export interface CarriedToolsSource {
  carriedTools(): CarriedTool[];
}

/**
 * One turn's view of its chat's memory: what the turn starts with, and `end`, which stores
 * what it hands on exactly once however the turn ended (finished, failed or aborted).
 */
export class ChatTurnMemory {
  private ended: Promise<void> | undefined;

  constructor(
    private readonly key: ChatMemoryKey,
    /** The deferred tools the turn starts with, in activation order. */
    readonly carriedTools: readonly CarriedTool[],
    private readonly store: ChatMemoryStore,
    private readonly collect: (tools: CarriedToolsSource) => ChatMemoryUpdate,
    private readonly onSaveFailed: ChatMemoryFailureHandler,
  ) {}

  /**
   * Stores what the turn hands on (its deferred tools' `carriedTools()`, the comment signal's
   * session) in one statement. Later calls return the first call's promise; never rejects.
   */
  end(tools: CarriedToolsSource): Promise<void> {
    this.ended ??= Promise.resolve()
      .then(() => this.store.save(this.key, this.collect(tools)))
      .catch((error: unknown) => this.onSaveFailed(error, this.key));
    return this.ended;
  }
}
