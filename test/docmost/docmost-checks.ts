/**
 * What every Docmost check shares: the prepared Docmost (from the runner or global setup), a
 * fresh database per deployment, the migration bookkeeping of Docmost and of the module, and
 * the figures a check records for the report.
 */
import { createHash } from 'node:crypto';
import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { DOCMOST_CHECKS_ADMIN_URL } from './global-setup';
import type { PreparedDocmost } from './prepare-docmost';

/** Where the runner (or global setup) wrote the prepared Docmost as JSON. */
export const DOCMOST_PREPARED = 'DOCMOST_PREPARED';
/** Where checks append their figures (JSON lines) for the report. */
export const DOCMOST_FIGURES = 'DOCMOST_FIGURES';

export function preparedDocmost(): PreparedDocmost {
  const file = process.env[DOCMOST_PREPARED];
  if (file === undefined)
    throw new Error(
      `${DOCMOST_PREPARED} is not set: run the checks with npm run test:docmost`,
    );
  return JSON.parse(readFileSync(file, 'utf8')) as PreparedDocmost;
}

/** A figure for the report (a time, a count): printed, never asserted on. */
export function recordFigure(name: string, value: string): void {
  const file = process.env[DOCMOST_FIGURES];
  process.stderr.write(`[docmost] figure: ${name}: ${value}\n`);
  if (file !== undefined)
    appendFileSync(file, `${JSON.stringify({ name, value })}\n`);
}

function adminUrl(): string {
  const url = process.env[DOCMOST_CHECKS_ADMIN_URL];
  if (url === undefined)
    throw new Error(
      `${DOCMOST_CHECKS_ADMIN_URL} is not set: the Docmost checks' global setup did not run`,
    );
  return url;
}

let databases = 0;

async function withAdmin<T>(run: (admin: Client) => Promise<T>): Promise<T> {
  const admin = new Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}

/** A database's URL as Docmost's `.env` writes it (`?schema=public`, which Docmost accepts). */
function databaseUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  url.searchParams.set('schema', 'public');
  return url.toString();
}

/** A new database of this run, empty or a copy of `template`; its URL. */
async function newDatabase(label: string, template?: string): Promise<string> {
  const name = `docmost_${label}_${process.pid}_${++databases}`;
  await withAdmin(async (admin) => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(
      `create database ${name}${template === undefined ? '' : ` template ${template}`}`,
    );
  });
  return databaseUrl(name);
}

/** A new, empty database, as a new deployment has. */
export function emptyDatabase(label: string): Promise<string> {
  return newDatabase(label);
}

/**
 * The database Docmost as it comes migrated, made once per run: named after the run (the file
 * the runner wrote the prepared Docmost to is new on every run), so a run on a server that
 * outlives it (`DATABASE_URL`) never copies an earlier run's Docmost, and two runs on one server
 * never share one.
 */
function migratedTemplateName(): string {
  const run = createHash('sha256')
    .update(process.env[DOCMOST_PREPARED] ?? '')
    .digest('hex')
    .slice(0, 12);
  return `docmost_migrated_${run}`;
}

/**
 * A new database as Docmost as it comes left it after migrating an empty one: a copy
 * (`create database … template`) of the one `migrate` made, on the first call of the run, by
 * booting Docmost's plain server on an empty database. Each deployment then starts from
 * Docmost's own migrations without booting Docmost once more for them. The template is named
 * only once complete, and a failed `migrate` drops what it made, so no half-migrated template
 * is ever copied.
 */
export async function migratedDatabase(
  label: string,
  migrate: (databaseUrl: string) => Promise<void>,
): Promise<string> {
  const template = migratedTemplateName();
  const exists = () =>
    withAdmin(
      async (admin) =>
        (
          await admin.query('select 1 from pg_database where datname = $1', [
            template,
          ])
        ).rowCount === 1,
    );
  if (!(await exists())) {
    const making = await emptyDatabase('migrating');
    const makingName = new URL(making).pathname.slice(1);
    try {
      await migrate(making);
    } catch (error) {
      await withAdmin((admin) =>
        admin.query(`drop database if exists ${makingName} with (force)`),
      );
      throw error;
    }
    await withAdmin((admin) =>
      admin.query(`alter database ${makingName} rename to ${template}`),
    );
  }
  return newDatabase(label, template);
}

/** Runs queries on one database (the `?schema=` parameter left out, which pg does not know). */
export async function withDatabase<T>(
  databaseUrl: string,
  run: (client: Client) => Promise<T>,
): Promise<T> {
  const url = new URL(databaseUrl);
  url.searchParams.delete('schema');
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A migration bookkeeping table's rows: each name, and how many times it is recorded. */
export async function appliedMigrations(
  databaseUrl: string,
  table: 'kysely_migration' | 'ai_tools_migration',
): Promise<Map<string, number>> {
  return withDatabase(databaseUrl, async (client) => {
    const exists = await client.query<{ found: boolean }>(
      'select to_regclass($1) is not null as found',
      [table],
    );
    if (!exists.rows[0].found) return new Map();
    const { rows } = await client.query<{ name: string; times: string }>(
      `select name, count(*) as times from ${table} group by name`,
    );
    return new Map(rows.map((row) => [row.name, Number(row.times)]));
  });
}

/** Docmost's migrations as its built server carries them (names without extension). */
export function docmostMigrationNames(serverDirectory: string): string[] {
  return readdirSync(join(serverDirectory, 'dist', 'database', 'migrations'))
    .filter((file) => file.endsWith('.js'))
    .map((file) => file.replace(/\.js$/, ''))
    .sort();
}

/** The module's migrations, as the package installed in the mounted server carries them. */
export function moduleMigrationNames(serverDirectory: string): string[] {
  return readdirSync(
    join(
      serverDirectory,
      'node_modules',
      'docmost-ai-tools',
      'dist',
      'migrations',
      'module',
    ),
  )
    .filter((file) => /^\d{8}T\d{6}-.*\.js$/.test(file))
    .map((file) => file.replace(/\.js$/, ''))
    .sort();
}
