import { ToolError } from '../ground';

/** What a gate admits, and why a run that waited is refused: the words of its refusals. */
export interface AdmissionWords {
  /** What is admitted ("tool calls", "heavy operations (…)"). */
  readonly what: string;
  /** Why a run that waited the longest wait is refused ("the server is busy with other …"). */
  readonly busyReason: string;
}

/**
 * A run over its user's count, refused at once. Counted by this instance or across instances
 * in Redis, the model reads the same words.
 */
export function perUserLimitRefusal(
  words: AdmissionWords,
  label: string,
  inProgress: number,
  limit: number,
): ToolError {
  return new ToolError(
    'limit_exceeded',
    `${label} was refused: you already have ${inProgress} ${words.what} running or waiting, the most one user may have at once; wait for them to finish, then call again.`,
    { reason: 'per_user_limit', limit },
  );
}

/** A run that waited `maxQueueWaitMs` without a slot freeing up. */
export function queueWaitRefusal(
  words: AdmissionWords,
  label: string,
  maxQueueWaitMs: number,
): ToolError {
  return new ToolError(
    'limit_exceeded',
    `${label} was refused: ${words.busyReason} and no slot freed up within ${maxQueueWaitMs} ms; try again in a moment.`,
    { reason: 'queue_wait', maxQueueWaitMs },
  );
}
