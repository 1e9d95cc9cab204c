import type {
  CarriedCommentPage,
  OutgoingCommentPage,
} from './carried-comment-pages';

/**
 * What a session store holds for one session (see `CommentSignal.refresh`): its pages as any
 * instance last stored them, and when the session began, both on the database clock.
 */
export interface StoredCommentSignalSession {
  readonly pages: readonly CarriedCommentPage[];
  /** When the session began (database time, text): pages new to the working set start here. */
  readonly startedAt: string;
}

/** Writes a session's state back to its store; merges with what is there (never a lost update). */
export type PersistCommentSignalSession = (
  pages: OutgoingCommentPage[],
) => Promise<void>;

export interface PersistedSession {
  readonly persist: PersistCommentSignalSession;
  /** The session's stored shape when it was last loaded or written. */
  shape: string;
}
