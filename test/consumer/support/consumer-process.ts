import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export interface RunningConsumerApp {
  /** Where it listens, e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  /** The app's module migrations, as its bootstrap reported them. */
  readonly migrated: readonly string[];
  /** Everything it wrote so far, stdout and stderr together. */
  output(): string;
  /** SIGTERM, then its exit: the exit code, or the signal that ended it. */
  stop(): Promise<number | NodeJS.Signals>;
}

/** The JSON lines the app prints on stdout while it boots. */
interface BootLine {
  readonly listening?: string;
  readonly migrated?: readonly string[];
}

function exitOf(child: ChildProcess): Promise<number | NodeJS.Signals> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  if (child.signalCode !== null) return Promise.resolve(child.signalCode);
  return new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal!)),
  );
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
  let migrated: readonly string[] | undefined;
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
        if (!line.startsWith('{')) continue;
        const boot = JSON.parse(line) as BootLine;
        migrated = boot.migrated ?? migrated;
        if (boot.listening === undefined) continue;
        clearTimeout(timer);
        child.removeAllListeners('exit');
        resolve({
          url: boot.listening,
          migrated: migrated ?? [],
          output: () => output,
          stop: () => {
            const exited = exitOf(child);
            child.kill('SIGTERM');
            return exited;
          },
        });
      }
    });
  });
}
