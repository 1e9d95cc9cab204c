import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { environmentWithoutConfiguration } from './command-process';

const ROOT = join(__dirname, '..', '..');

/** `npm start` as a child process (without npm), its output kept for assertions. */
export interface ServerUnderTest {
  readonly baseUrl: string;
  readonly process: ChildProcess;
  /** Everything written to stderr so far. */
  stderr(): string;
  alive(): boolean;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
}

export interface StartServerOptions {
  /** Default 40 s. */
  readonly startupTimeoutMs?: number;
  /**
   * Write the server's event-loop stalls to its stderr (`record-event-loop-stalls.ts`), for
   * `eventLoopStallsBetween`. Default false.
   */
  readonly recordEventLoopStalls?: boolean;
}

export async function startServer(
  env: Readonly<Record<string, string>>,
  {
    startupTimeoutMs = 40_000,
    recordEventLoopStalls = false,
  }: StartServerOptions = {},
): Promise<ServerUnderTest> {
  const base = environmentWithoutConfiguration();
  const child = spawn(
    process.execPath,
    [
      '-r',
      'ts-node/register/transpile-only',
      ...(recordEventLoopStalls
        ? ['-r', join(__dirname, 'record-event-loop-stalls.ts')]
        : []),
      'host/main.ts',
    ],
    {
      cwd: ROOT,
      env: { ...base, PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) =>
    child.on('exit', () => resolve()),
  );
  const deadline = Date.now() + startupTimeoutMs;
  for (;;) {
    const url = /listening on (http:\/\/localhost:\d+)/.exec(stdout)?.[1];
    if (url !== undefined) {
      return {
        baseUrl: url,
        process: child,
        stderr: () => stderr,
        alive: () => child.exitCode === null && child.signalCode === null,
        async stop() {
          if (child.exitCode === null && child.signalCode === null)
            child.kill('SIGTERM');
          await exited;
        },
      };
    }
    if (child.exitCode !== null)
      throw new Error(`the server exited with ${child.exitCode}: ${stderr}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(
        `the server did not listen within ${startupTimeoutMs} ms: ${stderr}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A stall of the server's event loop, as `record-event-loop-stalls.ts` wrote it. */
export interface EventLoopStall {
  /** Epoch milliseconds when it began. */
  readonly at: number;
  readonly ms: number;
}

/** The stalls the server recorded (see `recordEventLoopStalls`) that overlap [from, to]. */
export function eventLoopStallsBetween(
  server: ServerUnderTest,
  from: number,
  to: number,
): EventLoopStall[] {
  return [...server.stderr().matchAll(/^event-loop-stall (\d+) (\d+)$/gm)]
    .map((match) => ({ at: Number(match[1]), ms: Number(match[2]) }))
    .filter((stall) => stall.at + stall.ms >= from && stall.at <= to);
}
