import { randomUUID } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import {
  createCommentSignalInterceptor,
  type CommentSignalSource,
} from '../../src/comment-signal';
import type {
  ToolInvocation,
  ToolOutcome,
} from '../../src/registry/tool-interceptor';
import { TOOL_DEFINITIONS } from '../../src/tools/tool-definitions';

export interface SessionMemoryFigures {
  /** False when the garbage collector could not be exposed: the figures are then null. */
  readonly gcExposed: boolean;
  readonly sessions: number;
  /** Heap per session that touched one page (a short chat turn). */
  readonly bytesPerSessionOnePage: number | null;
  /** Heap per session with a full working set of pages. */
  readonly bytesPerSessionFullWorkingSet: number | null;
  readonly workingSetPages: number;
}

/**
 * `global.gc`: given by `node --expose-gc`, or exposed at run time through V8's flags (a
 * documented V8 switch; the function appears in contexts created afterwards). Undefined when
 * neither works.
 */
export function exposeGarbageCollector(): (() => void) | undefined {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (typeof existing === 'function') return existing;
  try {
    setFlagsFromString('--expose-gc');
    const collected = runInNewContext('gc') as unknown;
    return typeof collected === 'function'
      ? (collected as () => void)
      : undefined;
  } catch {
    return undefined;
  }
}

// No database: memory of the signal's own state, not of a pool.
const SOURCE: CommentSignalSource = {
  mode: 'grouped',
  countNewComments: async () => ({
    baseline: '2025-01-01T00:00:00.000000Z',
    pages: [],
  }),
};
const OUTCOME: ToolOutcome = { output: { ok: true }, notices: [] };
const SPEC = TOOL_DEFINITIONS.find((spec) => spec.name === 'getOutline')!;

async function heapPerSession(
  collect: () => void,
  sessions: number,
  pagesPerSession: number,
): Promise<number> {
  const intercept = createCommentSignalInterceptor({
    sources: { chat: SOURCE, mcp: SOURCE },
    maxSessions: sessions,
    debounceMs: 3_600_000,
  });
  const workspaceId = randomUUID();
  const userId = randomUUID();
  collect();
  const before = process.memoryUsage().heapUsed;
  for (let session = 0; session < sessions; session++) {
    const context = {
      userId,
      workspaceId,
      surface: 'chat' as const,
      sessionId: randomUUID(),
      chatId: randomUUID(),
    };
    for (let page = 0; page < pagesPerSession; page++) {
      // Fresh id strings, as each arrives parsed from a model's tool call.
      const invocation: ToolInvocation = {
        spec: SPEC,
        input: { pageId: randomUUID() },
        context,
      };
      await intercept(invocation, async () => OUTCOME);
    }
  }
  collect();
  const after = process.memoryUsage().heapUsed;
  // Keeps the sessions reachable until after the second reading.
  if (typeof intercept !== 'function') throw new Error('unreachable');
  return Math.round((after - before) / sessions);
}

/** Heap held per comment-signal session, measured as the heapUsed growth of N live sessions after a full GC. */
export async function measureSessionMemory(options: {
  readonly sessions: number;
  readonly workingSetPages: number;
}): Promise<SessionMemoryFigures> {
  const collect = exposeGarbageCollector();
  if (collect === undefined) {
    return {
      gcExposed: false,
      sessions: options.sessions,
      bytesPerSessionOnePage: null,
      bytesPerSessionFullWorkingSet: null,
      workingSetPages: options.workingSetPages,
    };
  }
  const fullGc = () => {
    collect();
    collect();
  };
  return {
    gcExposed: true,
    sessions: options.sessions,
    bytesPerSessionOnePage: await heapPerSession(fullGc, options.sessions, 1),
    bytesPerSessionFullWorkingSet: await heapPerSession(
      fullGc,
      options.sessions,
      options.workingSetPages,
    ),
    workingSetPages: options.workingSetPages,
  };
}
