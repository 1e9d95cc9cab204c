import type { CommentWatermarkBound } from './comment-signal-source';

/**
 * A watermark as the session keeps it: a database timestamp a source returned, or a moment
 * of this process's clock (converted to database time at query time, as "so long ago").
 */
export type SessionWatermark =
  { readonly database: string } | { readonly localAt: number };

/**
 * How far the app's wall clock may be from the database's: a local moment is taken to cover a
 * database time only with this much to spare, so skew cannot make a read look wider than it was.
 */
const CLOCK_SKEW_ALLOWANCE_MS = 1000;

/** A moment on both of the process's clocks, to place local watermarks in wall time. */
export interface ClockReading {
  readonly local: number;
  readonly wall: number;
}

/** Milliseconds of a database timestamp text, rounded down (the text has microseconds). */
function databaseMillisecondsFloor(text: string): number {
  const match = /^(.*T\d{2}:\d{2}:\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:?\d{2})$/.exec(
    text,
  );
  if (match === null) return Number.NaN;
  const fraction = (match[2] ?? '').padEnd(3, '0').slice(0, 3);
  return Date.parse(`${match[1]}.${fraction}${match[3]}`);
}

/** Microseconds of a database timestamp text, to compare two of them exactly. */
function databaseMicroseconds(text: string): number {
  const match = /^(.*T\d{2}:\d{2}:\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:?\d{2})$/.exec(
    text,
  );
  if (match === null) return Number.NaN;
  const fraction = (match[2] ?? '').padEnd(6, '0').slice(0, 6);
  return Date.parse(`${match[1]}${match[3]}`) * 1000 + Number(fraction);
}

/**
 * The later of a watermark this process holds and one stored by any instance (both say
 * "comments up to here were reported or read", so the later one is true for the session).
 * A local moment is placed in wall time to compare; an unreadable stored time loses.
 */
export function laterWatermark(
  held: SessionWatermark | undefined,
  stored: string,
  clock: ClockReading,
): SessionWatermark {
  const storedMicroseconds = databaseMicroseconds(stored);
  if (held === undefined) return { database: stored };
  if (Number.isNaN(storedMicroseconds)) return held;
  const heldMicroseconds =
    'database' in held
      ? databaseMicroseconds(held.database)
      : (clock.wall - (clock.local - held.localAt)) * 1000;
  return storedMicroseconds >= heldMicroseconds ? { database: stored } : held;
}

/**
 * Whether everything up to `watermark` is known to be after `sinceMs`: then a read covering
 * (since, at] leaves no gap behind the watermark. Strictly after, rounded the safe way.
 */
export function isAfter(
  watermark: SessionWatermark,
  sinceMs: number,
  clock: ClockReading,
): boolean {
  if ('database' in watermark)
    return databaseMillisecondsFloor(watermark.database) > sinceMs;
  return (
    clock.wall - (clock.local - watermark.localAt) - CLOCK_SKEW_ALLOWANCE_MS >
    sinceMs
  );
}

/** A watermark as a count request's bound: database time, or so long ago on this process's clock. */
export function toBound(
  watermark: SessionWatermark,
  now: number,
): CommentWatermarkBound {
  return 'database' in watermark
    ? { database: watermark.database }
    : { millisecondsAgo: Math.max(0, now - watermark.localAt) };
}
