import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export interface RunningConsumerApp {
  /** Where it listens, e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  /** Everything it wrote so far, stdout and stderr together. */
  output(): string;
  /**
   * SIGTERM, then its exit: the exit code, or the signal that ended it; `'SIGKILL'` when it was
   * still running `STOP_TIMEOUT_MS` after SIGTERM and had to be killed.
   */
  stop(): Promise<number | NodeJS.Signals>;
}

/** The JSON line the app prints on stdout once it listens. */
interface BootLine {
  readonly listening?: string;
}

/** How long `stop()` waits after SIGTERM before it kills the app. */
const STOP_TIMEOUT_MS = 10_000;

function exitOf(child: ChildProcess): Promise<number | NodeJS.Signals> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  if (child.signalCode !== null) return Promise.resolve(child.signalCode);
  return new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal!)),
  );
}

/** SIGTERM; SIGKILL when it is still running after `STOP_TIMEOUT_MS`. Resolves with its exit. */
async function stopChild(
  child: ChildProcess,
): Promise<number | NodeJS.Signals> {
  const exited = exitOf(child);
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timed out'>((resolve) => {
    timer = setTimeout(() => resolve('timed out'), STOP_TIMEOUT_MS);
  });
  const first = await Promise.race([exited, timedOut]);
  clearTimeout(timer);
  if (first !== 'timed out') return first;
  child.kill('SIGKILL');
  return exited;
}

/** A stdout line as the app's JSON, or undefined for any other line (a log, a stack trace). */
function parseBootLine(line: string): BootLine | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    return JSON.parse(line) as BootLine;
  } catch {
    return undefined;
  }
}

/**
 * Starts the compiled consumer app (`node dist/main.js`) against `databaseUrl` and resolves
 * once it listens; rejects with its output if it exits or stays silent for `bootTimeoutMs`.
 */
export function startConsumerApp(
  appDirectory: string,
  databaseUrl: string,
  bootTimeoutMs = 30_000,
): Promise<RunningConsumerApp> {
  const child = spawn(process.execPath, [join('dist', 'main.js')], {
    cwd: appDirectory,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(
          `the consumer app did not listen within ${bootTimeoutMs} ms:\n${output}`,
        ),
      );
    }, bootTimeoutMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(
        new Error(
          `the consumer app exited while booting (${code ?? signal}):\n${output}`,
        ),
      );
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    let pending = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) {
        const boot = parseBootLine(line);
        if (boot?.listening === undefined) continue;
        clearTimeout(timer);
        child.removeAllListeners('exit');
        resolve({
          url: boot.listening,
          output: () => output,
          stop: () => stopChild(child),
        });
      }
    });
  });
}
