import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';

/** One line of what the run does, on stderr (jest and the runner keep stdout for results). */
export function say(line: string): void {
  process.stderr.write(`[docmost] ${line}\n`);
}

/**
 * What this machine needed for Docmost to run that a Docmost deployment would not: printed as
 * such, so nobody takes it for a change to the README's lines.
 */
export function sayAdaptation(line: string): void {
  say(`environment adaptation: ${line}`);
  // A check's own adaptation (not the preparation's) reaches the report through this file.
  const file = process.env[DOCMOST_CHECK_ADAPTATIONS];
  if (
    file !== undefined &&
    !(existsSync(file) && readFileSync(file, 'utf8').split('\n').includes(line))
  )
    appendFileSync(file, `${line}\n`);
}

/** Where checks write the adaptations they make while running (one a line), for the report. */
export const DOCMOST_CHECK_ADAPTATIONS = 'DOCMOST_CHECK_ADAPTATIONS';

export interface StepCommand {
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd: string;
  readonly env?: NodeJS.ProcessEnv;
  /** Every line of output is appended here (the console shows only the step and its time). */
  readonly logFile: string;
}

/**
 * Runs one preparation step (an install, a build), its output to the log file; resolves with
 * the output, rejects naming the step, its exit status and the log's last lines.
 */
export async function runStep(
  title: string,
  step: StepCommand,
): Promise<string> {
  const started = Date.now();
  say(`${title} …`);
  appendFileSync(
    step.logFile,
    `\n$ (cd ${step.cwd} && ${step.command} ${step.args.join(' ')})\n`,
  );
  const child = spawn(step.command, step.args, {
    cwd: step.cwd,
    env: step.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    appendFileSync(step.logFile, chunk);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const status = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (status !== 0) {
    const tail = output.trimEnd().split('\n').slice(-25).join('\n');
    throw new StepFailure(
      `${title} failed (exit ${status}, ${seconds} s); the whole output is in ${step.logFile}:\n${tail}`,
      output,
    );
  }
  say(`${title}: done in ${seconds} s`);
  return output;
}

/** A step that exited non-zero; `output` is everything it printed. */
export class StepFailure extends Error {
  constructor(
    message: string,
    readonly output: string,
  ) {
    super(message);
    this.name = 'StepFailure';
  }
}
