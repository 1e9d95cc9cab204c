import type { QuickJSContext, QuickJSHandle } from 'quickjs-emscripten-core';
import {
  findLocation,
  readVmError,
  UNREADABLE_OBJECT,
  type VmError,
} from './read-vm-error';
import { formatBytes, type SandboxLimits } from './sandbox-options';
import {
  ScriptSandboxError,
  type ScriptLocation,
} from './script-sandbox-error';
import { MAX_LOG_LINE_LENGTH, SCRIPT_FILE_NAME } from './transform-prelude';

/*
 * What the model reads when a transform script fails or logs: the thrown value (or the limit it
 * hit) as one error, and its console lines within the log limits.
 */

/** What a failed run's reading needs of it. */
export interface FailedRun {
  readonly vm: QuickJSContext;
  readonly limits: SandboxLimits;
  /** Columns the evaluated source adds before the script's own first line. */
  readonly firstLineOffset: number;
  /** Replaces the time limit by a short grace period, to read a failure without rerunning the script. */
  readonly stopScript: () => void;
  readonly memoryExhausted: () => boolean;
}

export function shiftFirstLine(
  location: ScriptLocation | undefined,
  offset: number,
): ScriptLocation | undefined {
  return location && location.line === 1 && offset > 0
    ? { line: 1, column: Math.max(1, location.column - offset) }
    : location;
}

function clipLine(line: string): string {
  return line.length > MAX_LOG_LINE_LENGTH
    ? `${line.slice(0, MAX_LOG_LINE_LENGTH)}...`
    : line;
}

/**
 * The prelude's log limits enforced again outside the sandbox: a script can replace the
 * built-ins its console relies on (`String.prototype.slice`, `Array.prototype.join`, `push`,
 * `toJSON`) and hand back megabytes of "log" that would otherwise reach the model.
 */
export function boundedLogs(
  logs: unknown,
  droppedLogs: unknown,
  maxLines: number,
): { readonly logs: string[]; readonly droppedLogs: number } {
  const lines: readonly unknown[] = Array.isArray(logs) ? logs : [];
  const dropped =
    typeof droppedLogs === 'number' &&
    Number.isSafeInteger(droppedLogs) &&
    droppedLogs > 0
      ? droppedLogs
      : 0;
  return {
    logs: lines
      .slice(0, maxLines)
      .map((line) =>
        clipLine(
          typeof line === 'string' ? line : String(JSON.stringify(line)),
        ),
      ),
    droppedLogs: dropped + Math.max(0, lines.length - maxLines),
  };
}

/** Maps a value thrown inside the sandbox to the failure the model reads. */
export function scriptFailure(
  session: FailedRun,
  thrown: QuickJSHandle,
  logs: readonly string[] = [],
): ScriptSandboxError {
  session.stopScript();
  const error: VmError = readVmError(session.vm, thrown);
  const { limits } = session;
  if (error.name === 'InternalError' && error.message === 'interrupted') {
    return new ScriptSandboxError(
      'timeout',
      `the script did not finish within ${limits.timeLimitMs} ms and was stopped (time limit): look for an endless loop, or do less work per call`,
      undefined,
      logs,
    );
  }
  // Out of memory, QuickJS may fail to allocate the error object itself: then nothing of the
  // thrown value can be read, and the instance's memory is at its maximum.
  const unreadable =
    error.name === undefined && error.message === UNREADABLE_OBJECT;
  if (
    (error.name === 'InternalError' && error.message === 'out of memory') ||
    (unreadable && session.memoryExhausted())
  ) {
    return new ScriptSandboxError(
      'memory',
      `the script used more than ${formatBytes(limits.memoryLimitBytes)} of memory and was stopped (memory limit)`,
      undefined,
      logs,
    );
  }
  if (error.name === 'InternalError' && error.message === 'stack overflow') {
    return new ScriptSandboxError(
      'stack',
      'the script recursed too deeply and was stopped (stack limit); use a loop or a shallower recursion',
      undefined,
      logs,
    );
  }
  const location = shiftFirstLine(
    findLocation(error.stack, SCRIPT_FILE_NAME),
    session.firstLineOffset,
  );
  const where = location
    ? ` (line ${location.line}, column ${location.column})`
    : '';
  const what =
    error.name === undefined
      ? `the value ${error.message}`
      : `${error.name}: ${error.message}`;
  return new ScriptSandboxError(
    'thrown',
    `the script threw ${what}${where}`,
    location,
    logs,
  );
}

export function hostFailure(
  error: unknown,
  session: FailedRun,
): ScriptSandboxError {
  const { limits } = session;
  if (error instanceof RangeError && /call stack/i.test(error.message)) {
    return new ScriptSandboxError(
      'stack',
      'the script recursed too deeply and was stopped (stack limit); use a loop or a shallower recursion',
    );
  }
  if (session.memoryExhausted()) {
    return new ScriptSandboxError(
      'memory',
      `the script used more than ${formatBytes(limits.memoryLimitBytes)} of memory and was stopped (memory limit)`,
    );
  }
  return new ScriptSandboxError(
    'crashed',
    `the sandbox failed while running the script (limits: ${limits.timeLimitMs} ms, ${formatBytes(limits.memoryLimitBytes)})`,
    undefined,
    [],
    {
      cause: error,
    },
  );
}
