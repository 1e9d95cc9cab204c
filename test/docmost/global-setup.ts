import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

declare global {
  var __docmostChecksDatabase: ChildProcess | undefined;
}

/** The variable the Docmost checks read the PostgreSQL server's admin URL from. */
export const DOCMOST_CHECKS_ADMIN_URL = 'DOCMOST_CHECKS_ADMIN_URL';

/**
 * Prepares Docmost when jest runs without the runner (`npx jest -c jest.docmost.config.js`):
 * `npm run test:docmost` prepares it first and names the file in DOCMOST_PREPARED.
 */
function prepareUnlessPrepared(): void {
  if (process.env.DOCMOST_PREPARED !== undefined) return;
  const prepared = execFileSync(
    process.execPath,
    [
      '-r',
      'ts-node/register/transpile-only',
      join(__dirname, 'prepare-docmost.ts'),
    ],
    {
      cwd: join(__dirname, '..', '..'),
      stdio: ['ignore', 'pipe', 'inherit'],
      encoding: 'utf8',
    },
  );
  const file = join(
    mkdtempSync(join(tmpdir(), 'docmost-prepared-')),
    'prepared.json',
  );
  writeFileSync(file, prepared);
  process.env.DOCMOST_PREPARED = file;
}

/**
 * Prepares Docmost if the runner did not, and starts the checks' PostgreSQL
 * (postgres-process.ts); global-teardown.ts stops it.
 */
export default async function globalSetup(): Promise<void> {
  prepareUnlessPrepared();
  const child = spawn(
    process.execPath,
    [
      '-r',
      'ts-node/register/transpile-only',
      join(__dirname, 'postgres-process.ts'),
    ],
    { cwd: join(__dirname, '..', '..'), stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const adminUrl = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', (line) => {
      if (line.startsWith('ready '))
        resolve(
          (JSON.parse(line.slice('ready '.length)) as { adminUrl: string })
            .adminUrl,
        );
      else reject(new Error(`the checks' PostgreSQL did not start: ${line}`));
    });
    child.once('exit', (code) =>
      reject(new Error(`the checks' PostgreSQL exited (status ${code})`)),
    );
  });
  process.env[DOCMOST_CHECKS_ADMIN_URL] = adminUrl;
  globalThis.__docmostChecksDatabase = child;
}
