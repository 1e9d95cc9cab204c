import {
  fitItems,
  MAX_READ_OUTPUT_CHARS,
  outputChars,
} from '../../heavy-tasks';
import type { ThreadView } from './comment-view';

/** Room left for a result's other fields (page id, title, counts, the note itself). */
const RESULT_OVERHEAD_CHARS = 2_000;
/** Ids listed for what was left out; beyond this they are only counted. */
const LISTED_OMITTED_IDS = 1_000;

export interface FittedThread extends ThreadView {
  /** Present when replies were left out to keep the result within the output limit. */
  readonly truncated?: string;
  readonly omittedReplyIds?: readonly string[];
}

export interface FittedThreads {
  readonly threads: readonly ThreadView[];
  readonly truncated?: string;
  readonly omittedThreadIds?: readonly string[];
}

function listedIds(items: readonly { readonly id: string }[]): string[] {
  return items.slice(0, LISTED_OMITTED_IDS).map((item) => item.id);
}

/**
 * A thread within the output limit: its earliest replies that fit, and the ids of the rest,
 * each readable with getComment. Comments hold up to 10,000 characters, so a long discussion
 * could otherwise make one result megabytes long.
 */
export function fitThread(
  thread: ThreadView,
  limit: number = MAX_READ_OUTPUT_CHARS,
): FittedThread {
  if (outputChars(thread) <= limit - RESULT_OVERHEAD_CHARS) return thread;
  const budget =
    limit - RESULT_OVERHEAD_CHARS - outputChars({ ...thread, replies: [] });
  const { kept, omitted } = fitItems(
    thread.replies,
    Math.max(budget - LISTED_OMITTED_IDS * 40, 0),
  );
  return {
    ...thread,
    replies: kept,
    truncated: `${omitted.length} of ${thread.replies.length} replies left out to stay within the ${limit}-character output limit; read each with getComment and its id from omittedReplyIds`,
    omittedReplyIds: listedIds(omitted),
  };
}

/** The earliest whole threads that fit within the output limit, and the ids of the rest. */
export function fitThreads(
  threads: readonly ThreadView[],
  limit: number = MAX_READ_OUTPUT_CHARS,
): FittedThreads {
  const { kept, omitted } = fitItems(
    threads,
    limit - RESULT_OVERHEAD_CHARS - LISTED_OMITTED_IDS * 40,
  );
  if (omitted.length === 0) return { threads: kept };
  return {
    threads: kept,
    truncated: `${omitted.length} of ${threads.length} threads left out to stay within the ${limit}-character output limit; read each with getComment and its id from omittedThreadIds`,
    omittedThreadIds: listedIds(omitted),
  };
}
