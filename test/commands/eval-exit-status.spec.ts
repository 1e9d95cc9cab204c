import { findFreePort } from '../../host/database';
import { runCommandProcess } from '../support/command-process';
import { requireTestEnv, TEST_ENV } from '../support/test-environment';
import {
  startDecliningModel,
  type DecliningModel,
} from '../eval/support/declining-model';

const EVAL = 'dev/scripts/eval.ts';

/** The last stdout line of `--json`: one object, with the status the process must exit with. */
function reportedStatus(stdout: string): unknown {
  const lines = stdout.trimEnd().split('\n');
  return (JSON.parse(lines[lines.length - 1]!) as { exitStatus: unknown })
    .exitStatus;
}

/**
 * `npm run eval` as a process, read by its exit status as CI reads it: 0 only when every model
 * completed its runs, 1 when one did not, 2 when the endpoint cannot be evaluated.
 */
describe('npm run eval: the exit status is the one it reports', () => {
  let model: DecliningModel;

  beforeAll(async () => {
    model = await startDecliningModel();
  });

  afterAll(async () => {
    await model?.close();
  });

  // Without DATABASE_URL, as a contributor runs it: the eval starts an embedded PostgreSQL,
  // whose exit hook would otherwise turn the reported 1 into 0.
  it('exits 1 against an endpoint that refuses every task, on its own embedded PostgreSQL', async () => {
    const result = await runCommandProcess(EVAL, {
      args: ['--only', 'table-cell', '--json'],
      env: {
        AI_BASE_URL: model.baseUrl,
        AI_MODEL: 'declining-model',
      },
    });
    expect(result.stdout).toContain('exit 1: a model completed fewer');
    expect(reportedStatus(result.stdout)).toBe(1);
    expect(result.status).toBe(1);
  }, 120_000);

  it('exits 2 before anything starts when the endpoint is down', async () => {
    // A port nothing listens on (fetch refuses well-known ones such as 1 before connecting).
    const closed = `http://127.0.0.1:${await findFreePort()}/v1`;
    const result = await runCommandProcess(EVAL, {
      env: { AI_BASE_URL: closed, AI_MODEL: 'any-model' },
    });
    expect(result.stderr).toBe(
      `eval: preflight: the endpoint ${closed} is down (connection refused)\n`,
    );
    expect(result.stdout).toBe('');
    expect(result.status).toBe(2);
  }, 60_000);

  it('exits 0 when the scripted personas complete every run', async () => {
    const result = await runCommandProcess(EVAL, {
      args: ['--only', 'table-cell', '--persona', 'loader', '--json'],
      env: { DATABASE_URL: requireTestEnv(TEST_ENV.adminUrl) },
    });
    expect(result.stdout).toContain('exit 0: every model completed');
    expect(reportedStatus(result.stdout)).toBe(0);
    expect(result.status).toBe(0);
  }, 120_000);
});
