import { spawn } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/** How a command run by `runCommandProcess` ended. */
export interface FinishedCommand {
  /** The exit status; null when a signal ended it. */
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface RunCommandProcessOptions {
  /** Arguments after the script, as after `npm run <command> --`. */
  readonly args?: readonly string[];
  /**
   * Variables on top of the test process's environment, which is given without
   * `DATABASE_URL`, `PORT`, `DATA_DIR` and `AI_*` so a case states the configuration it means.
   */
  readonly env?: Readonly<Record<string, string>>;
}

/**
 * The test process's environment without the configuration a spawned command or server reads
 * (`DATABASE_URL`, `PORT`, `DATA_DIR`, `AI_*`), so each case states the configuration it means.
 * `DB_DRIVER` stays: the jest project's driver is the child's too.
 */
export function environmentWithoutConfiguration(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] =>
        entry[1] !== undefined &&
        entry[0] !== 'DATABASE_URL' &&
        entry[0] !== 'PORT' &&
        entry[0] !== 'DATA_DIR' &&
        !entry[0].startsWith('AI_'),
    ),
  );
}

/**
 * A command of the README as a user runs it, as a process of its own: what its npm script runs
 * (`ts-node --transpile-only <script>`), without npm, so the status read is the script's own.
 * `script` is relative to the repository root, e.g. `dev/scripts/eval.ts`.
 */
export function runCommandProcess(
  script: string,
  { args = [], env = {} }: RunCommandProcessOptions = {},
): Promise<FinishedCommand> {
  const base = environmentWithoutConfiguration();
  const child = spawn(
    process.execPath,
    ['-r', 'ts-node/register/transpile-only', script, ...args],
    { cwd: ROOT, env: { ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, stdout, stderr }));
  });
}
