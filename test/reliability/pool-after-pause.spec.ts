import { sql, type Kysely } from 'kysely';
import { createKysely, type DB } from '../../src/database';
import { testDatabaseDriver } from '../support/test-database';
import { startFaultCluster, type FaultCluster } from './support/fault-cluster';
import { recordFigure } from './support/reliability-figures';

/**
 * A database paused (SIGSTOP of the postmaster and every backend: a VM freeze, a failover, a long
 * pause of a managed database) while a busy pool has queries in flight and more waiting, then
 * resumed. Within a few seconds of the resume every query must answer again, on every connection
 * of the pool: with postgres.js, connections given up on during the pause used to stay stuck, so
 * half of all requests hung until the client limit and failed, minutes later still.
 */
const STATEMENT_TIMEOUT_MS = 4_000;
const CONNECT_TIMEOUT_MS = 3_000;
const QUERY_TIMEOUT_MS = 5_000;
const POOL_SIZE = 10;
/** Concurrent queries per round: three times the pool, so every connection serves several. */
const BURST = 3 * POOL_SIZE;
/** How long after the resume every query must answer normally again. */
const RECOVERY_MS = 5_000;
/** One query's answer after recovery, on a loaded 2-core machine. */
const ANSWER_LIMIT_MS = 2_000;

jest.setTimeout(120_000);

interface Outcome {
  readonly ok: boolean;
  readonly elapsedMs: number;
  readonly error?: string;
}

/** A round trip as a request's auth makes it, or a write transaction as a tool's page write. */
async function timedQuery(
  db: Kysely<DB>,
  inTransaction: boolean,
): Promise<Outcome> {
  const startedAt = performance.now();
  try {
    if (inTransaction)
      await db.transaction().execute(async (transaction) => {
        await sql`select count(*) from pg_class`.execute(transaction);
        await sql`select 1`.execute(transaction);
      });
    else await sql`select count(*) from pg_class`.execute(db);
    return { ok: true, elapsedMs: performance.now() - startedAt };
  } catch (error) {
    return {
      ok: false,
      elapsedMs: performance.now() - startedAt,
      error: error instanceof Error ? error.message : String(error),
    };
  }
}

/** `BURST` at once, every other one a transaction. */
function burst(db: Kysely<DB>): Promise<Outcome[]> {
  return Promise.all(
    Array.from({ length: BURST }, (_, index) =>
      timedQuery(db, index % 2 === 1),
    ),
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(`a pool of ${POOL_SIZE} after the database is paused and resumed (${testDatabaseDriver()})`, () => {
  let cluster: FaultCluster;
  let db: Kysely<DB>;

  beforeAll(async () => {
    cluster = await startFaultCluster();
    db = createKysely({
      connectionString: cluster.url('postgres'),
      driver: testDatabaseDriver(),
      max: POOL_SIZE,
      statementTimeoutMs: STATEMENT_TIMEOUT_MS,
      connectTimeoutMs: CONNECT_TIMEOUT_MS,
      queryTimeoutMs: QUERY_TIMEOUT_MS,
    });
    // One connection open before the pause: the others are opened while the database cannot
    // answer, the case postgres.js's reserve lost connections in.
    expect((await timedQuery(db, false)).ok).toBe(true);
  });

  afterAll(async () => {
    await db?.destroy().catch(() => undefined);
    await cluster?.close();
  });

  it('answers every query normally within seconds of the resume, on every connection', async () => {
    await cluster.pause();
    let during: Promise<Outcome[]>;
    try {
      // Queries in flight on every connection and more waiting for one, when the database stops
      // answering: the first ones are given up on at the client limit, the rest time out waiting.
      during = Promise.all([
        burst(db),
        sleep(1_000).then(() => burst(db)),
      ]).then((rounds) => rounds.flat());
      await sleep(QUERY_TIMEOUT_MS + 2_000);
    } finally {
      await cluster.resume();
    }
    const paused = await during;
    // Nothing answered while the database could not; every failure said why.
    expect(paused.filter((outcome) => !outcome.ok).length).toBeGreaterThan(0);
    expect(
      paused.filter(
        (outcome) =>
          !outcome.ok && !/^database unavailable: /.test(outcome.error!),
      ),
    ).toEqual([]);

    await sleep(RECOVERY_MS);
    const rounds: Outcome[] = [];
    for (let round = 0; round < 5; round++) rounds.push(...(await burst(db)));
    const failed = rounds.filter((outcome) => !outcome.ok);
    const slowest = Math.max(...rounds.map((outcome) => outcome.elapsedMs));
    recordFigure(
      `${testDatabaseDriver()} pool after a pause: slowest of ${rounds.length} queries ${RECOVERY_MS / 1000} s after SIGCONT`,
      `${Math.round(slowest)} ms`,
    );
    expect(failed).toEqual([]);
    expect(slowest).toBeLessThan(ANSWER_LIMIT_MS);
  });
});
