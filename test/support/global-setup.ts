import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { TEST_ENV } from './test-environment';

declare global {
  var __aiToolsTestCluster: ChildProcess | undefined;
}

/** What test-cluster-process.ts announces once the templates are ready. */
interface ReadyCluster {
  readonly adminUrl: string;
  readonly migratedTemplate: string;
  readonly seededTemplate: string;
}

/**
 * Starts ONE PostgreSQL for the whole run (embedded unless DATABASE_URL is set) with two
 * template databases, migrated, and migrated + seeded, that test files clone: all of it in
 * test-cluster-process.ts, a process of its own, so that nothing here loads the package (and
 * Yjs with it; see that file). Global teardown ends it.
 */
export default async function globalSetup(): Promise<void> {
  const child = spawn(
    process.execPath,
    [
      '-r',
      'ts-node/register/transpile-only',
      join(__dirname, 'test-cluster-process.ts'),
    ],
    {
      cwd: join(__dirname, '..', '..'),
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const ready = await new Promise<ReadyCluster>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => {
      if (line.startsWith('ready '))
        resolve(JSON.parse(line.slice('ready '.length)) as ReadyCluster);
      else reject(new Error(`the test PostgreSQL did not start: ${line}`));
    });
    child.once('exit', (code) =>
      reject(new Error(`the test PostgreSQL exited (status ${code})`)),
    );
  });
  process.env[TEST_ENV.adminUrl] = ready.adminUrl;
  process.env[TEST_ENV.migratedTemplate] = ready.migratedTemplate;
  process.env[TEST_ENV.seededTemplate] = ready.seededTemplate;
  globalThis.__aiToolsTestCluster = child;
}
