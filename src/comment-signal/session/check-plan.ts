import type {
  CommentCountPage,
  CommentWatermarkBound,
} from './comment-signal-source';
import type { SessionWatermark } from './session-watermark';

/** One planned check: the requests to send, and what they were based on. */
export interface CheckPlan {
  readonly pageGroups: ReadonlyArray<readonly CommentCountPage[]>;
  readonly baseline: CommentWatermarkBound;
  readonly resolvePreviousTurn: boolean;
  /** Watermarks as they were when planned; a page whose watermark moved meanwhile is not reported. */
  readonly plannedWatermarks: ReadonlyMap<string, SessionWatermark | undefined>;
  readonly plannedBaseline: SessionWatermark;
  readonly forcedPages: readonly string[];
}

export interface SessionLimits {
  readonly maxWorkingSetPages: number;
  readonly maxSeenMarksPerPage: number;
}
