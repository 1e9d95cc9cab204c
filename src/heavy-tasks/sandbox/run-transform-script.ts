import type { QuickJSContext, QuickJSHandle } from 'quickjs-emscripten-core';
import { newIsolatedQuickJS } from './isolated-quickjs';
import { findLocation, readVmError } from './read-vm-error';
import {
  formatBytes,
  resolveSandboxLimits,
  type SandboxLimits,
  type ScriptSandboxOptions,
} from './sandbox-options';
import {
  ScriptSandboxError,
  type ScriptLocation,
} from './script-sandbox-error';
import {
  boundedLogs,
  hostFailure,
  scriptFailure,
  shiftFirstLine,
} from './script-failure';
import {
  PRELUDE_FILE_NAME,
  SCRIPT_FILE_NAME,
  transformPrelude,
} from './transform-prelude';

/** Time granted to read a thrown value (its getters may loop) once the script has stopped. */
const ERROR_READ_MS = 50;

export interface TransformScriptRequest {
  /** Source of one function `(doc, ctx) => doc`, as the model wrote it. */
  readonly script: string;
  /** Any JSON value; the script gets its own copy, parsed inside the sandbox. */
  readonly document: unknown;
  /** Plain data exposed on `ctx` next to the helpers. */
  readonly data: { readonly pageId: string; readonly title: string | null };
}

export interface TransformScriptResult {
  /** What the function returned, as JSON: not yet checked to be a document. */
  readonly value: unknown;
  /** console.log lines, at most `maxLogLines`. */
  readonly logs: readonly string[];
  /** Lines printed beyond `maxLogLines`. */
  readonly droppedLogs: number;
  readonly durationMs: number;
}

interface Envelope {
  readonly kind:
    | 'value'
    | 'undefined'
    | 'function'
    | 'promise'
    | 'symbol'
    | 'bigint'
    | 'too_large';
  readonly logs: string[];
  readonly droppedLogs: number;
  readonly result?: unknown;
  readonly length?: number;
}

const RESULT_KIND_MESSAGES: Readonly<
  Record<Exclude<Envelope['kind'], 'value' | 'too_large'>, string>
> = {
  undefined:
    'the function returned undefined: return the document at the end (e.g. `return doc;`)',
  promise:
    'the function returned a Promise: async functions are not supported (there is nothing to await); compute the document and return it',
  function:
    'the function returned a function; it must return the document object',
  symbol: 'the function returned a symbol; it must return the document object',
  bigint: 'the function returned a BigInt; it must return the document object',
};

/**
 * Runs a model-written transform `(doc, ctx) => doc` in a QuickJS interpreter compiled to
 * WebAssembly, in an instance of its own: no `require`, no `process`, no network, no timers and
 * no host function at all (the `ctx` helpers are JavaScript inside the sandbox), with the time,
 * memory, stack and size limits of `options`. The document goes in as a JSON string and the result
 * comes out as one, so nothing is shared by reference.
 *
 * Fails with `ScriptSandboxError` (syntax error with line and column, the script's own error,
 * time or memory limit, a result that is not a value); the host process is never affected.
 * The run is synchronous inside: it blocks the event loop for at most `timeLimitMs`.
 */
export async function runTransformScript(
  request: TransformScriptRequest,
  options: ScriptSandboxOptions = {},
): Promise<TransformScriptResult> {
  const limits = resolveSandboxLimits(options);
  if (request.script.length > limits.maxScriptLength) {
    throw new ScriptSandboxError(
      'script_too_long',
      `the script is ${request.script.length} characters long; the limit is ${limits.maxScriptLength}`,
    );
  }
  const documentJson = JSON.stringify(request.document) ?? 'null';
  if (documentJson.length > limits.maxDocumentLength) {
    throw new ScriptSandboxError(
      'input_too_large',
      `the page is ${formatBytes(documentJson.length)} as JSON; transforms take pages up to ${formatBytes(limits.maxDocumentLength)}`,
    );
  }
  const { quickJs, memoryExhausted } = await newIsolatedQuickJS(
    limits.memoryLimitBytes,
  );
  const started = Date.now();
  let deadline = started + limits.timeLimitMs;
  const runtime = quickJs.newRuntime({
    memoryLimitBytes: limits.memoryLimitBytes,
    maxStackSizeBytes: limits.stackSizeBytes,
    interruptHandler: () => Date.now() > deadline,
  });
  const session: RunSession = {
    vm: runtime.newContext(),
    limits,
    owned: [],
    firstLineOffset: 0,
    stopScript: () => {
      deadline = Date.now() + ERROR_READ_MS;
    },
    memoryExhausted,
  };
  let intact = true;
  try {
    const envelope = execute(session, request, documentJson);
    return {
      value: envelope.result,
      logs: envelope.logs,
      droppedLogs: envelope.droppedLogs,
      durationMs: Date.now() - started,
    };
  } catch (error) {
    if (error instanceof ScriptSandboxError) throw error;
    // An exception from the interpreter's host side: the instance may be corrupt, so it is
    // abandoned without cleanup (freeing a corrupt runtime aborts) and left to the collector.
    intact = false;
    throw hostFailure(error, session);
  } finally {
    if (intact) dispose(session, runtime);
  }
}

interface RunSession {
  readonly vm: QuickJSContext;
  readonly limits: SandboxLimits;
  /** Handles to free before the context. */
  readonly owned: QuickJSHandle[];
  /**
   * Columns the evaluated source adds before the script's own first line: 1 when the script was
   * compiled wrapped in parentheses. Locations on line 1 are shifted back by it.
   */
  firstLineOffset: number;
  /** Replaces the time limit by a short grace period, to read a failure without rerunning the script. */
  readonly stopScript: () => void;
  readonly memoryExhausted: () => boolean;
}

function own<T extends QuickJSHandle>(session: RunSession, handle: T): T {
  session.owned.push(handle);
  return handle;
}

function execute(
  session: RunSession,
  request: TransformScriptRequest,
  documentJson: string,
): Envelope {
  const { vm, limits } = session;
  const prelude = own(
    session,
    vm.unwrapResult(
      vm.evalCode(transformPrelude(limits.maxLogLines), PRELUDE_FILE_NAME),
    ),
  );
  const run = own(session, vm.getProp(prelude, 'run'));
  const transform = compileScript(session, request.script);
  const call = vm.callFunction(
    run,
    vm.undefined,
    transform,
    own(session, vm.newString(documentJson)),
    own(session, vm.newString(JSON.stringify(request.data))),
    own(session, vm.newNumber(limits.maxResultLength)),
  );
  if (call.error) {
    own(session, call.error);
    throw scriptFailure(session, call.error, readLogs(session, prelude));
  }
  const parsed = JSON.parse(vm.getString(own(session, call.value))) as Envelope;
  const envelope: Envelope = {
    ...parsed,
    ...boundedLogs(parsed.logs, parsed.droppedLogs, limits.maxLogLines),
  };
  if (envelope.kind === 'value') return envelope;
  if (envelope.kind === 'too_large') {
    throw new ScriptSandboxError(
      'result_too_large',
      `the returned document is ${formatBytes(envelope.length ?? 0)} as JSON; the limit is ${formatBytes(limits.maxResultLength)}`,
      undefined,
      envelope.logs,
    );
  }
  throw new ScriptSandboxError(
    'result',
    RESULT_KIND_MESSAGES[envelope.kind],
    undefined,
    envelope.logs,
  );
}

/**
 * Evaluates the script to its function. Tried as one expression first (`(doc, ctx) => ...`,
 * `function (doc, ctx) {...}`), then as a program whose last statement is the function, so a
 * few helper declarations before it work too.
 */
function compileScript(session: RunSession, script: string): QuickJSHandle {
  const { vm } = session;
  // The parenthesis opens on the script's first line: lines keep their numbers, and only
  // columns of line 1 move by one (corrected below). The newline ends a trailing // comment.
  session.firstLineOffset = 1;
  const asExpression = vm.evalCode(`(${script}\n)`, SCRIPT_FILE_NAME);
  if (!asExpression.error)
    return requireFunction(session, own(session, asExpression.value));
  own(session, asExpression.error);
  const expressionError = readVmError(vm, asExpression.error);
  if (expressionError.name !== 'SyntaxError')
    throw scriptFailure(session, asExpression.error);
  session.firstLineOffset = 0;
  const asProgram = vm.evalCode(script, SCRIPT_FILE_NAME);
  if (!asProgram.error)
    return requireFunction(session, own(session, asProgram.value));
  own(session, asProgram.error);
  const programError = readVmError(vm, asProgram.error);
  if (programError.name !== 'SyntaxError')
    throw scriptFailure(session, asProgram.error);
  // Report the reading that parsed further: it is the one that understood the script's shape.
  const expressionAt = shiftFirstLine(
    findLocation(expressionError.stack, SCRIPT_FILE_NAME),
    1,
  );
  const programAt = findLocation(programError.stack, SCRIPT_FILE_NAME);
  const [error, location] = isAfter(programAt, expressionAt)
    ? [programError, programAt]
    : [expressionError, expressionAt];
  const where = location
    ? ` at line ${location.line}, column ${location.column}`
    : '';
  throw new ScriptSandboxError(
    'syntax',
    `SyntaxError${where}: ${error.message}`,
    location,
  );
}

function isAfter(
  a: ScriptLocation | undefined,
  b: ScriptLocation | undefined,
): boolean {
  if (!a) return false;
  if (!b) return true;
  return a.line > b.line || (a.line === b.line && a.column > b.column);
}

function requireFunction(
  session: RunSession,
  handle: QuickJSHandle,
): QuickJSHandle {
  const type = session.vm.typeof(handle);
  if (type === 'function') return handle;
  throw new ScriptSandboxError(
    'not_function',
    `the script must be one function taking (doc, ctx) and returning the document, e.g. "(doc, ctx) => { /* ... */ return doc; }"; it evaluated to ${type === 'undefined' ? 'undefined' : `a ${type}`}`,
  );
}

function readLogs(
  session: RunSession,
  prelude: QuickJSHandle,
): readonly string[] {
  const { vm } = session;
  session.stopScript();
  try {
    const takeLogs = own(session, vm.getProp(prelude, 'takeLogs'));
    const result = vm.callFunction(takeLogs, vm.undefined);
    if (result.error) {
      own(session, result.error);
      return [];
    }
    const taken = JSON.parse(vm.getString(own(session, result.value))) as {
      logs: unknown;
    };
    return boundedLogs(taken.logs, 0, session.limits.maxLogLines).logs;
  } catch {
    return [];
  }
}

function dispose(session: RunSession, runtime: { dispose(): void }): void {
  try {
    for (const handle of session.owned.reverse())
      if (handle.alive) handle.dispose();
    session.vm.dispose();
    runtime.dispose();
  } catch {
    // A runtime that cannot be freed cleanly belongs to this run's instance only; dropping the
    // instance frees it.
  }
}
