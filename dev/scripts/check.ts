/**
 * `npm run check`: the static checks `npm test` runs before jest (`lint`: ESLint and the import
 * rules, `format:check`: Prettier, `typecheck`: every TypeScript project), side by side. Each is
 * mostly one thread: one after the other they took about 50 s on the 2-core machine, side by side
 * about 30 (BENCHMARKS.md, "The test suite").
 *
 * Usage: ts-node --transpile-only dev/scripts/check.ts <npm script>...
 *
 * Prints one line per script as it ends, then the whole output of each that failed; exits 0 only
 * when every script passed, otherwise 1 after a line on stderr naming the ones that failed.
 */
import { spawn } from 'node:child_process';
import { runCommand } from '../../host/startup/run-command';

interface CheckResult {
  readonly script: string;
  readonly status: number;
  readonly output: string;
  readonly seconds: number;
}

function runScript(script: string): Promise<CheckResult> {
  const startedAt = performance.now();
  return new Promise((resolve) => {
    // stdout and stderr into one buffer, in the order they came, printed only on failure.
    let output = '';
    const child = spawn('npm', ['run', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: process.platform === 'win32',
    });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const finish = (status: number, extra = '') =>
      resolve({
        script,
        status,
        output: output + extra,
        seconds: Math.round((performance.now() - startedAt) / 100) / 10,
      });
    child.on('error', (error) => finish(1, `\n${error.message}\n`));
    child.on('close', (code, signal) =>
      finish(code ?? 1, signal === null ? '' : `\nended by ${signal}\n`),
    );
  });
}

async function main(): Promise<number> {
  const scripts = process.argv.slice(2);
  if (scripts.length === 0)
    throw new Error(
      'name the npm scripts to run side by side, e.g. lint format:check typecheck',
    );
  const results = await Promise.all(
    scripts.map(async (script) => {
      const result = await runScript(script);
      process.stdout.write(
        `${result.status === 0 ? 'passed' : 'FAILED'} npm run ${script} (${result.seconds} s)\n`,
      );
      return result;
    }),
  );
  const failed = results.filter((result) => result.status !== 0);
  for (const result of failed)
    process.stdout.write(`\n--- npm run ${result.script}\n${result.output}`);
  if (failed.length === 0) return 0;
  process.stderr.write(
    `npm run check: ${failed.map((result) => result.script).join(', ')} failed\n`,
  );
  return 1;
}

runCommand(main);
