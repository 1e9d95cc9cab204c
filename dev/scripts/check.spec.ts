import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/**
 * `npm run check` as a process (what `npm test` gates on before jest), in a directory of its own
 * whose package.json has a passing, a failing and a slow script, so the checks are real npm
 * scripts that take milliseconds.
 */
describe('npm run check', () => {
  let directory: string;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'check-spec-'));
    const node = (code: string) => `node -e "${code}"`;
    await writeFile(
      join(directory, 'package.json'),
      JSON.stringify({
        name: 'check-spec',
        private: true,
        scripts: {
          passes: node("console.log('all fine')"),
          fails: node("console.error('found 2 problems'); process.exit(3)"),
          slow: node('setTimeout(() => {}, 1500)'),
        },
      }),
    );
  });

  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  function runCheck(
    args: readonly string[],
  ): Promise<{ code: number; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      execFile(
        process.execPath,
        [
          '-r',
          require.resolve('ts-node/register/transpile-only'),
          join(ROOT, 'dev', 'scripts', 'check.ts'),
          ...args,
        ],
        {
          cwd: directory,
          env: { ...process.env, TS_NODE_PROJECT: join(ROOT, 'tsconfig.json') },
        },
        (error, stdout, stderr) =>
          resolve({
            code: error === null ? 0 : Number(error.code ?? 1),
            stdout,
            stderr,
          }),
      );
    });
  }

  it('exits 0 when every script passes, one line each, their output not repeated', async () => {
    const result = await runCheck(['passes', 'slow']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^passed npm run passes \(/m);
    expect(result.stdout).toMatch(/^passed npm run slow \(/m);
    expect(result.stdout).not.toContain('all fine');
    expect(result.stderr).toBe('');
  }, 30_000);

  it('runs the scripts side by side, shows the whole output of the one that failed and exits 1 naming it', async () => {
    const result = await runCheck(['slow', 'fails', 'passes']);
    expect(result.code).toBe(1);
    // Side by side: the failing script ends while the slow one still runs.
    expect(result.stdout.indexOf('FAILED npm run fails')).toBeLessThan(
      result.stdout.indexOf('passed npm run slow'),
    );
    expect(result.stdout).toContain('--- npm run fails');
    expect(result.stdout).toContain('found 2 problems');
    expect(result.stdout).not.toContain('--- npm run passes');
    expect(result.stderr).toBe('npm run check: fails failed\n');
  }, 30_000);

  it('refuses to run nothing, and says what to name', async () => {
    const result = await runCheck([]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'name the npm scripts to run side by side, e.g. lint format:check typecheck',
    );
  }, 30_000);
});
