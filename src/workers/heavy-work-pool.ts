import { ToolError } from '../ground';
import { join } from 'node:path';
import Piscina from 'piscina';
import { AdmissionGate, type ReleaseSlot } from './admission-gate';
import type {
  HeavyTaskInput,
  HeavyTaskName,
  HeavyTaskOutput,
  HeavyTasks,
  HeavyTaskTable,
} from './heavy-task-table';
import {
  resolveHeavyWorkLimits,
  type HeavyWorkLimits,
  type HeavyWorkOptions,
} from './heavy-work-options';
import type {
  HeavyTaskMessage,
  HeavyTaskOutcome,
  WarmUpMessage,
} from './heavy-work-worker';
import { reviveError } from './transported-error';
import { yieldToEventLoop } from './yield-to-event-loop';

/** Who asks for a heavy run and how the tool names it in a limit error. */
export interface HeavyRunCall {
  readonly userId: string;
  /** The operation as the model knows it, e.g. `transformPage`, `diffPageVersions of page …`. */
  readonly label: string;
  /** What the model can do instead when the run is stopped, appended to the deadline error. */
  readonly advice?: string;
  /** This run's deadline instead of `deadlineMs`. */
  readonly deadlineMs?: number;
}

/** Lower scheduling priority of the worker threads, so the event loop wins the CPU when both want it (Linux). */
const WORKER_NICE_INCREMENT = 5;

const RUNNING_FROM_SOURCE = __filename.endsWith('.ts');

/**
 * Built code starts workers on the compiled worker module beside this file; TypeScript source
 * (ts-node, ts-jest) on a JavaScript loader that teaches the worker to load .ts first.
 */
function workerEntry(): string {
  return RUNNING_FROM_SOURCE
    ? join(__dirname, 'heavy-work-worker-loader.js')
    : join(__dirname, 'heavy-work-worker.js');
}

function isTsNodePreload(flag: string | undefined): boolean {
  return flag !== undefined && flag.startsWith('ts-node');
}

/**
 * The parent's Node flags for a worker, less a ts-node preload when running from source: the
 * loader loads .ts files from its own transpile cache, and a preloaded ts-node would compile
 * every module again (seconds for every replaced worker).
 */
function workerExecArgv(): string[] | undefined {
  if (!RUNNING_FROM_SOURCE) return undefined;
  const flags: string[] = [];
  const parent = process.execArgv;
  for (let index = 0; index < parent.length; index++) {
    const flag = parent[index]!;
    if (
      (flag === '-r' || flag === '--require') &&
      isTsNodePreload(parent[index + 1])
    )
      index++;
    else if (!/^--require=ts-node/.test(flag)) flags.push(flag);
  }
  return flags;
}

/**
 * CPU-heavy tool work in worker threads (piscina), so the server's event loop keeps serving:
 * a bounded number of threads, an admission gate (per-user and global limits, a bounded wait)
 * and a hard deadline per run, counted from its admission: a caller waits at most the queue
 * wait plus the deadline, also when its worker is a replacement still starting. A run past its
 * deadline has its worker terminated and replaced; the caller gets a `limit_exceeded` ToolError
 * naming the limit. The pool's own start (`warm`, which the module runs at application start)
 * is not counted against any run.
 */
export class HeavyWorkPool<Table extends HeavyTaskTable = HeavyTaskTable> {
  readonly limits: HeavyWorkLimits;
  private readonly gate: AdmissionGate;
  private readonly largeDocumentGate: AdmissionGate;
  private piscina: Piscina | undefined;
  private warming: Promise<void> | undefined;
  private destroyed = false;

  /**
   * @param tasks What the workers run, by name, and the module they load it from.
   * @param workerFilename The worker module; tests give one that starts slowly. Default: the
   * package's worker (compiled, or its TypeScript loader when running from source).
   */
  constructor(
    private readonly tasks: HeavyTasks<Table>,
    options: HeavyWorkOptions = {},
    private readonly workerFilename: string = workerEntry(),
  ) {
    this.limits = resolveHeavyWorkLimits(options);
    this.gate = new AdmissionGate({
      maxRunning: this.limits.threads,
      maxPerUser: this.limits.maxRunsPerUser,
      maxQueueWaitMs: this.limits.maxQueueWaitMs,
    });
    // Tool calls on a large document (fetching it, handing it to a worker, or writing it): as
    // many at once as there are threads, so their share of the event loop and the database stays
    // bounded; they wait longer than worker runs (a chat step's parallel reads of one page queue
    // up rather than fail).
    this.largeDocumentGate = new AdmissionGate({
      maxRunning: this.limits.threads,
      maxPerUser: this.limits.maxLargeDocumentCallsPerUser,
      maxQueueWaitMs: 2 * this.limits.maxQueueWaitMs,
      what: `tool calls on large pages (${this.limits.largeDocumentChars.toLocaleString('en-US')} characters or more)`,
    });
  }

  /**
   * Admission of a tool call that works on a document of `chars` characters: undefined (no
   * admission needed) below `largeDocumentChars`; otherwise the slot to release when the call
   * ends, or a limit ToolError when the user is over its count or no slot frees up in time.
   */
  async admitLargeDocument(
    chars: number,
    userId: string,
    label: string,
  ): Promise<ReleaseSlot | undefined> {
    if (chars < this.limits.largeDocumentChars) return undefined;
    return this.largeDocumentGate.enter(userId, label);
  }

  /** Runs in progress and waiting now. */
  get load(): { readonly running: number; readonly waiting: number } {
    return this.gate.load;
  }

  /** True when work over `chars` characters goes to a worker rather than the calling thread. */
  offloads(chars: number): boolean {
    return chars >= this.limits.inProcessMaxChars;
  }

  /**
   * Runs the task in a worker when its input is `chars` characters or more, on the calling
   * thread otherwise (where a worker round trip would cost more than the work).
   */
  async runSized<N extends HeavyTaskName<Table>>(
    name: N,
    input: HeavyTaskInput<Table, N>,
    chars: number,
    call: HeavyRunCall,
  ): Promise<HeavyTaskOutput<Table, N>> {
    if (!this.offloads(chars))
      return (await this.tasks.table[name]!(input)) as HeavyTaskOutput<
        Table,
        N
      >;
    return this.run(name, input, call);
  }

  /** Runs the task in a worker, within the admission limits and the deadline. */
  async run<N extends HeavyTaskName<Table>>(
    name: N,
    input: HeavyTaskInput<Table, N>,
    call: HeavyRunCall,
  ): Promise<HeavyTaskOutput<Table, N>> {
    if (this.destroyed)
      throw new ToolError(
        'unavailable',
        `${call.label} cannot run: the server is shutting down`,
      );
    await this.warm();
    const release = await this.gate.enter(call.userId, call.label);
    try {
      // Posting copies the input on this thread (~25 ms for a 6 MB document's text): on a turn
      // of its own, so requests waiting for the event loop are served between the caller's
      // work and the copy rather than after both.
      await yieldToEventLoop();
      const outcome = await this.runInWorker(
        {
          tasksModule: this.tasks.module,
          name,
          input,
          startedAt: new SharedArrayBuffer(8),
        },
        call,
      );
      if (!outcome.ok) throw reviveError(outcome.error);
      return outcome.value as HeavyTaskOutput<Table, N>;
    } finally {
      release();
    }
  }

  /**
   * Starts every worker thread and resolves once each has loaded its modules, so no tool call
   * waits for the pool to start (AiToolsModule runs it at application start; a run awaits it
   * first otherwise). Rejects when a worker cannot start; the next call tries again.
   */
  warm(): Promise<void> {
    this.warming ??= this.startWorkers().catch((error: unknown) => {
      this.warming = undefined;
      throw error;
    });
    return this.warming;
  }

  private async startWorkers(): Promise<void> {
    const piscina = this.workers();
    const message: WarmUpMessage = {
      tasksModule: this.tasks.module,
      warmUp: new SharedArrayBuffer(4),
      workers: this.limits.threads,
    };
    await Promise.all(
      Array.from({ length: this.limits.threads }, () => piscina.run(message)),
    );
  }

  /** Stops every worker; runs in progress fail. */
  async destroy(): Promise<void> {
    this.destroyed = true;
    const piscina = this.piscina;
    this.piscina = undefined;
    await piscina?.destroy();
  }

  private workers(): Piscina {
    this.piscina ??= new Piscina({
      filename: this.workerFilename,
      name: 'runHeavyTask',
      minThreads: this.limits.threads,
      maxThreads: this.limits.threads,
      concurrentTasksPerWorker: 1,
      // Workers stay started: a fresh one under ts-node takes about a second to load.
      idleTimeout: Number.MAX_SAFE_INTEGER,
      niceIncrement: WORKER_NICE_INCREMENT,
      execArgv: workerExecArgv(),
      resourceLimits: { maxOldGenerationSizeMb: this.limits.workerHeapMb },
    });
    return this.piscina;
  }

  private runInWorker(
    message: HeavyTaskMessage,
    call: HeavyRunCall,
  ): Promise<HeavyTaskOutcome> {
    const deadlineMs = call.deadlineMs ?? this.limits.deadlineMs;
    const startedAt = new BigInt64Array(message.startedAt);
    const controller = new AbortController();
    let stopped: 'deadline' | 'no_worker' | undefined;
    // Counted from admission: a worker still starting (a replacement for one stopped at its
    // deadline) uses up the run's time too, so no caller waits past it.
    const timer = setTimeout(() => {
      stopped = Atomics.load(startedAt, 0) === 0n ? 'no_worker' : 'deadline';
      controller.abort();
    }, deadlineMs);
    return (
      this.workers().run(message, {
        signal: controller.signal,
      }) as Promise<HeavyTaskOutcome>
    )
      .catch((error: unknown) => {
        throw this.failure(error, stopped, deadlineMs, call);
      })
      .finally(() => clearTimeout(timer));
  }

  private failure(
    error: unknown,
    stopped: 'deadline' | 'no_worker' | undefined,
    deadlineMs: number,
    call: HeavyRunCall,
  ): Error {
    const advice = call.advice === undefined ? '' : ` ${call.advice}`;
    if (stopped === 'deadline') {
      return new ToolError(
        'limit_exceeded',
        `${call.label} did not finish within ${deadlineMs} ms and was stopped (deadline for heavy work); nothing was changed.${advice}`,
        { reason: 'deadline', deadlineMs },
      );
    }
    if (stopped === 'no_worker') {
      return new ToolError(
        'limit_exceeded',
        `${call.label} did not start within ${deadlineMs} ms (its worker was still starting) and was not run; nothing was changed. Try again in a moment.`,
        { reason: 'no_worker', deadlineMs },
      );
    }
    if (
      error instanceof Error &&
      (error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY'
    ) {
      return new ToolError(
        'limit_exceeded',
        `${call.label} ran out of memory (limit ${this.limits.workerHeapMb} MiB per run) and was stopped; nothing was changed.${advice}`,
        { reason: 'memory', limitMb: this.limits.workerHeapMb },
      );
    }
    return error instanceof Error ? error : new Error(String(error));
  }
}
