import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  createCommentSignalInterceptor,
  COMMENT_SIGNAL_DEFAULTS,
} from '../../src/comment-signal';
import type { DB } from '../../src/database';
import { createToolRegistry } from '../../src/registry/create-tool-registry';
import type { ToolCallContext } from '../../src/registry/tool-call-context';
import type { ToolRegistry } from '../../src/registry/tool-registry';
import { TOOL_DEFINITIONS } from '../../src/tools/tool-definitions';
import { createDocmostExecutors } from '../../src/tools/docmost-executors';
import type { CountQueryRecorder } from './bench-database';
import {
  latencyDifference,
  summarizeLatencies,
  timeOnce,
  type LatencySummary,
} from './latency';

/** One way of running the tool call. */
interface Mode {
  readonly name: 'withoutSignal' | 'debounceZero' | 'defaultDebounce';
  readonly registry: ToolRegistry;
  readonly context: ToolCallContext;
  readonly samples: number[];
  countQueries: number;
  readonly failures: { count: number };
}

export interface SignalModeFigures extends LatencySummary {
  /** Comment-count queries per measured call. */
  readonly countQueriesPerCall: number;
  /** Checks that failed or ran past the signal's time budget (they add no signal, only time). */
  readonly checkFailures: number;
}

export interface CommentSignalFigures {
  readonly tool: string;
  readonly workingSetPages: number;
  readonly defaultDebounceMs: number;
  readonly withoutSignal: SignalModeFigures;
  /** `AI_COMMENT_SIGNAL_DEBOUNCE_MS=0`: one grouped count over the working set on every call. */
  readonly debounceZero: SignalModeFigures;
  /** The default debounce: the first call counts, the calls within the window do not. */
  readonly defaultDebounce: SignalModeFigures;
  /** Added to a call by the signal, p50 and p95 (measured minus without). */
  readonly overheadDebounceZeroMs: {
    readonly p50Ms: number;
    readonly p95Ms: number;
  };
  readonly overheadDefaultDebounceMs: {
    readonly p50Ms: number;
    readonly p95Ms: number;
  };
}

export interface CommentSignalBenchOptions {
  readonly db: Kysely<DB>;
  readonly recorder: CountQueryRecorder;
  readonly userId: string;
  readonly workspaceId: string;
  /** Pages the session works on; each is read once first so all are in the working set. */
  readonly pageIds: readonly string[];
  /** Measured calls per mode. */
  readonly runs: number;
}

/** The cheap call measured: a page outline, one indexed read of one page. */
const TOOL = 'getOutline';

/**
 * Latency of one cheap tool call against the real database, without the comment signal and
 * with it (debounce 0 and the default), after each session has read every page of a full
 * working set. Modes take turns call by call, so drift in the machine's load hits all alike.
 */
export async function measureCommentSignal(
  options: CommentSignalBenchOptions,
): Promise<CommentSignalFigures> {
  const executors = createDocmostExecutors(options.db);
  const mode = (name: Mode['name'], debounceMs: number | undefined): Mode => {
    const failures = { count: 0 };
    const interceptors =
      debounceMs === undefined
        ? []
        : [
            createCommentSignalInterceptor({
              db: options.db,
              debounceMs,
              onCheckFailed: () => void (failures.count += 1),
            }),
          ];
    return {
      name,
      registry: createToolRegistry({
        specs: TOOL_DEFINITIONS,
        executors,
        interceptors,
        logger: { warn: () => undefined },
      }),
      context: {
        userId: options.userId,
        workspaceId: options.workspaceId,
        surface: 'chat',
        sessionId: randomUUID(),
        chatId: randomUUID(),
      },
      samples: [],
      countQueries: 0,
      failures,
    };
  };
  const modes = [
    mode('withoutSignal', undefined),
    mode('debounceZero', 0),
    mode('defaultDebounce', COMMENT_SIGNAL_DEFAULTS.debounceMs),
  ];
  const call = (target: Mode, pageId: string) =>
    target.registry.call(TOOL, { pageId }, target.context);

  for (const target of modes)
    for (const pageId of options.pageIds) await call(target, pageId);
  for (let run = 0; run < options.runs; run++) {
    const pageId = options.pageIds[run % options.pageIds.length]!;
    for (const target of modes) {
      const before = options.recorder.count;
      target.samples.push(await timeOnce(() => call(target, pageId)));
      target.countQueries += options.recorder.count - before;
    }
  }
  const figures = (target: Mode): SignalModeFigures => ({
    ...summarizeLatencies(target.samples),
    countQueriesPerCall:
      Math.round((target.countQueries / target.samples.length) * 1000) / 1000,
    checkFailures: target.failures.count,
  });
  const [without, zero, standard] = modes.map(figures) as [
    SignalModeFigures,
    SignalModeFigures,
    SignalModeFigures,
  ];
  return {
    tool: TOOL,
    workingSetPages: options.pageIds.length,
    defaultDebounceMs: COMMENT_SIGNAL_DEFAULTS.debounceMs,
    withoutSignal: without,
    debounceZero: zero,
    defaultDebounce: standard,
    overheadDebounceZeroMs: latencyDifference(zero, without),
    overheadDefaultDebounceMs: latencyDifference(standard, without),
  };
}
