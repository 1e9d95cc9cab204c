import type { Kysely } from 'kysely';
import type { DB } from '../database';
import type { PageVisibilityCondition } from '../database/page-permission-sql';
import type { ToolCallContext } from '../registry/tool-call-context';
import type { CommentCountConnection } from './database-source';
import type { CommentSignalSource } from './session';

type Surface = ToolCallContext['surface'];

/** A millisecond clock; only differences between readings are used, never wall time. */
export interface CommentSignalClock {
  now(): number;
}

export interface CommentSignalOptions {
  /**
   * The host's Kysely (Docmost's, with CamelCasePlugin). Needed to build the default sources;
   * may be omitted only when `sources` gives one for both surfaces.
   */
  readonly db?: Kysely<DB>;
  /**
   * Which kind of database source each surface uses when `sources` does not name one.
   * Default: `chat` one grouped count per window, `mcp` one check per page per window (as
   * Docmost's REST-only standalone MCP server would have to do it).
   */
  readonly sourceModes?: Partial<
    Readonly<Record<Surface, CommentSignalSource['mode']>>
  >;
  /**
   * Page-level permissions of the database sources: only pages the caller may see are counted.
   * Default Docmost's `page_access` rules; `AiToolsModule` passes its `pageAccess` policy here.
   */
  readonly visiblePage?: PageVisibilityCondition;
  /**
   * Where the signal may open its own small pool for the count (the host's database URL and
   * driver). Its connections open with `statement_timeout` set to `timeoutMs`, so each count is
   * one round trip; without it the count sets its timeout in a transaction on `db` (three more
   * round trips). Close the pool with `CommentSignal.close()` (Nest: on application shutdown).
   */
  readonly countConnection?: CommentCountConnection;
  /** A source per surface, replacing the database one (a REST client, a test fake). */
  readonly sources?: Partial<Readonly<Record<Surface, CommentSignalSource>>>;
  /**
   * Minimum time between two counts of one session (grouped) or of one page (per-page), in
   * milliseconds. Default 20 000 (`AI_COMMENT_SIGNAL_DEBOUNCE_MS`); 0 checks on every call.
   */
  readonly debounceMs?: number;
  /**
   * The most a check may add to a tool call, in milliseconds; also the database source's
   * `statement_timeout`. A check that takes longer is abandoned and backs off. Default 1000.
   */
  readonly timeoutMs?: number;
  /** First pause after a failed or slow check, doubled per further failure; default 5 000 ms. */
  readonly initialBackoffMs?: number;
  /** Longest pause after repeated failures; default 300 000 ms (5 minutes). */
  readonly maxBackoffMs?: number;
  /** Sessions kept at once; the least recently used is forgotten first. Default 1 000. */
  readonly maxSessions?: number;
  /** A session unused this long is forgotten, in milliseconds; default 3 600 000 (1 hour). */
  readonly sessionIdleTtlMs?: number;
  /** Pages in one session's working set; the least recently touched leaves first. Default 50. */
  readonly maxWorkingSetPages?: number;
  /**
   * A result naming more pages than this is a listing (search, sidebar), not pages the agent
   * works on: its page ids do not join the working set. Default 5.
   */
  readonly maxResultPages?: number;
  /** Per-page sources: pages checked by one tool call at most (least recently checked first). Default 4. */
  readonly maxPagesPerCheck?: number;
  /** Comment ids remembered per page for the mark scan; a page with more is not mark-scanned. Default 2 000. */
  readonly maxSeenMarksPerPage?: number;
  /**
   * Tools (camelCase registry names) whose results never carry the signal: on these it would
   * say what the result already says. Default listComments, checkNewComments, createComment.
   */
  readonly excludedTools?: readonly string[];
  /** Injectable clock for tests; default `performance`. */
  readonly clock?: CommentSignalClock;
  /** Told about every failed or abandoned check (for logs); the tool call never sees it. */
  readonly onCheckFailed?: (
    error: unknown,
    context: Pick<ToolCallContext, 'surface' | 'sessionId'>,
  ) => void;
}

export interface ResolvedCommentSignalOptions {
  readonly sources: Readonly<Record<Surface, CommentSignalSource>>;
  readonly debounceMs: number;
  readonly timeoutMs: number;
  readonly initialBackoffMs: number;
  readonly maxBackoffMs: number;
  readonly maxSessions: number;
  readonly sessionIdleTtlMs: number;
  readonly maxWorkingSetPages: number;
  readonly maxResultPages: number;
  readonly maxPagesPerCheck: number;
  readonly maxSeenMarksPerPage: number;
  readonly excludedTools: ReadonlySet<string>;
  readonly clock: CommentSignalClock;
  readonly onCheckFailed: NonNullable<CommentSignalOptions['onCheckFailed']>;
}

export const COMMENT_SIGNAL_DEFAULTS = {
  debounceMs: 20_000,
  timeoutMs: 1_000,
  initialBackoffMs: 5_000,
  maxBackoffMs: 300_000,
  maxSessions: 1_000,
  sessionIdleTtlMs: 3_600_000,
  maxWorkingSetPages: 50,
  maxResultPages: 5,
  maxPagesPerCheck: 4,
  maxSeenMarksPerPage: 2_000,
  excludedTools: ['listComments', 'checkNewComments', 'createComment'],
  sourceModes: { chat: 'grouped', mcp: 'per-page' },
} as const;

function count(
  name: string,
  value: number | undefined,
  fallback: number,
  min: number,
): number {
  const resolved = value ?? fallback;
  if (!Number.isInteger(resolved) || resolved < min) {
    throw new RangeError(
      `comment signal option ${name} must be an integer of at least ${min}, got ${String(value)}`,
    );
  }
  return resolved;
}

/**
 * Fills defaults and rejects nonsense at construction, so a bad value fails the boot with a
 * message naming the option instead of silently disabling the signal later.
 */
export function resolveCommentSignalOptions(
  options: CommentSignalOptions,
  createDatabaseSource: (
    db: Kysely<DB>,
    mode: CommentSignalSource['mode'],
    statementTimeoutMs: number,
  ) => CommentSignalSource,
): ResolvedCommentSignalOptions {
  const timeoutMs = count(
    'timeoutMs',
    options.timeoutMs,
    COMMENT_SIGNAL_DEFAULTS.timeoutMs,
    1,
  );
  const sourceFor = (surface: Surface): CommentSignalSource => {
    const given = options.sources?.[surface];
    if (given !== undefined) return given;
    if (options.db === undefined) {
      throw new TypeError(
        `comment signal: no source for surface "${surface}"; pass options.db or options.sources.${surface}`,
      );
    }
    const mode =
      options.sourceModes?.[surface] ??
      COMMENT_SIGNAL_DEFAULTS.sourceModes[surface];
    if (mode !== 'grouped' && mode !== 'per-page') {
      throw new RangeError(
        `comment signal option sourceModes.${surface} must be "grouped" or "per-page", got "${String(mode)}"`,
      );
    }
    return createDatabaseSource(options.db, mode, timeoutMs);
  };
  const initialBackoffMs = count(
    'initialBackoffMs',
    options.initialBackoffMs,
    COMMENT_SIGNAL_DEFAULTS.initialBackoffMs,
    0,
  );
  return {
    sources: { chat: sourceFor('chat'), mcp: sourceFor('mcp') },
    debounceMs: count(
      'debounceMs',
      options.debounceMs,
      COMMENT_SIGNAL_DEFAULTS.debounceMs,
      0,
    ),
    timeoutMs,
    initialBackoffMs,
    maxBackoffMs: count(
      'maxBackoffMs',
      options.maxBackoffMs,
      Math.max(initialBackoffMs, COMMENT_SIGNAL_DEFAULTS.maxBackoffMs),
      initialBackoffMs,
    ),
    maxSessions: count(
      'maxSessions',
      options.maxSessions,
      COMMENT_SIGNAL_DEFAULTS.maxSessions,
      1,
    ),
    sessionIdleTtlMs: count(
      'sessionIdleTtlMs',
      options.sessionIdleTtlMs,
      COMMENT_SIGNAL_DEFAULTS.sessionIdleTtlMs,
      1,
    ),
    maxWorkingSetPages: count(
      'maxWorkingSetPages',
      options.maxWorkingSetPages,
      COMMENT_SIGNAL_DEFAULTS.maxWorkingSetPages,
      1,
    ),
    maxResultPages: count(
      'maxResultPages',
      options.maxResultPages,
      COMMENT_SIGNAL_DEFAULTS.maxResultPages,
      0,
    ),
    maxPagesPerCheck: count(
      'maxPagesPerCheck',
      options.maxPagesPerCheck,
      COMMENT_SIGNAL_DEFAULTS.maxPagesPerCheck,
      1,
    ),
    maxSeenMarksPerPage: count(
      'maxSeenMarksPerPage',
      options.maxSeenMarksPerPage,
      COMMENT_SIGNAL_DEFAULTS.maxSeenMarksPerPage,
      1,
    ),
    excludedTools: new Set(
      options.excludedTools ?? COMMENT_SIGNAL_DEFAULTS.excludedTools,
    ),
    clock: options.clock ?? performance,
    onCheckFailed: options.onCheckFailed ?? (() => undefined),
  };
}
