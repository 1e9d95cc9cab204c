import { withTimeout } from '../ground';
import {
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type postgres from 'postgres';
import { DatabaseUnavailableError } from './database-unavailable-error';
import { transactionControl } from './transaction-control';

// Whatever types the pool was configured with (Docmost's parses int8 to numbers): rows come back
// as the driver parsed them.
type Sql = postgres.Sql<any>;
type TransactionSql = postgres.TransactionSql<any>;
type Rows = postgres.RowList<postgres.Row[]>;

/** Seconds `destroy` gives open connections before closing them. */
const END_GRACE_SECONDS = 5;

/** What a Kysely rollback hands to postgres.js's `begin` callback, so it rolls back. */
const ROLLBACK = Symbol('rollback');

type Outcome =
  { readonly ok: true } | { readonly ok: false; readonly error: unknown };

function toQueryResult<R>(result: Rows): QueryResult<R> {
  const { command, count } = result;
  return {
    numAffectedRows:
      command === 'INSERT' ||
      command === 'UPDATE' ||
      command === 'DELETE' ||
      command === 'MERGE'
        ? BigInt(count)
        : undefined,
    rows: Array.from(result) as R[],
  };
}

/** `isolation level serializable read only`, as postgres.js's `begin` takes it. */
function beginOptions(settings: TransactionSettings): string {
  const parts: string[] = [];
  if (settings.isolationLevel)
    parts.push(`isolation level ${settings.isolationLevel}`);
  if (settings.accessMode) parts.push(settings.accessMode);
  return parts.join(' ');
}

/** The timeout's error when `promise` has not settled within `timeoutMs` (0: no limit). */
function within<T>(
  promise: Promise<T>,
  timeoutMs: number,
  what: string,
): Promise<T> {
  if (timeoutMs === 0) return promise;
  return withTimeout(
    promise,
    timeoutMs,
    () =>
      new DatabaseUnavailableError(
        `database unavailable: no answer to ${what} within ${timeoutMs} ms (the server may be paused or unreachable); try again`,
        'QUERY_TIMEOUT',
      ),
  );
}

/**
 * One transaction, held open inside postgres.js's own `begin(callback)` until Kysely commits or
 * rolls back. Once postgres.js reports the connection closed (the `begin` promise rejects),
 * nothing more is sent on it, not even the ROLLBACK: postgres.js would write it to the closed
 * socket from a timer, which throws outside any promise and exits the process
 * (porsager/postgres#1208); the server has rolled the transaction back anyway. BEGIN, COMMIT
 * and ROLLBACK are bounded by the query timeout like any statement; a transaction whose BEGIN
 * was given up on rolls back as soon as it starts, so it never holds a connection.
 */
class OpenTransaction {
  private readonly started: Promise<void>;
  private readonly outcome: Promise<Outcome>;
  private transactionSql: TransactionSql | undefined;
  private ended: Outcome | undefined;
  private finish!: (how: 'commit' | typeof ROLLBACK) => void;

  private constructor(sql: Sql, options: string) {
    let started!: () => void;
    this.started = new Promise<void>((resolve) => (started = resolve));
    const decided = new Promise<'commit' | typeof ROLLBACK>(
      (resolve) => (this.finish = resolve),
    );
    this.outcome = sql
      .begin(options, async (transactionSql) => {
        this.transactionSql = transactionSql;
        started();
        if ((await decided) === ROLLBACK) throw ROLLBACK;
      })
      .then(
        (): Outcome => ({ ok: true }),
        (error: unknown): Outcome => ({ ok: false, error }),
      );
    void this.outcome.then((outcome) => (this.ended = outcome));
  }

  /** BEGIN on a connection of the pool; rejects when it failed or got no answer in time. */
  static async open(
    sql: Sql,
    options: string,
    timeoutMs: number,
  ): Promise<OpenTransaction> {
    const transaction = new OpenTransaction(sql, options);
    let first: Outcome | undefined;
    try {
      first = await within(
        Promise.race([
          transaction.started.then(() => undefined),
          transaction.outcome,
        ]),
        timeoutMs,
        'BEGIN',
      );
    } catch (error) {
      transaction.finish(ROLLBACK);
      throw error;
    }
    if (first !== undefined && !first.ok) throw first.error;
    return transaction;
  }

  /** The transaction's connection; throws the error that ended it once it is gone. */
  private live(): TransactionSql {
    if (this.ended !== undefined)
      throw this.ended.ok
        ? new Error('the transaction has already ended')
        : this.ended.error;
    return this.transactionSql!;
  }

  query(compiledQuery: CompiledQuery): postgres.PendingQuery<Rows> {
    return this.live().unsafe(compiledQuery.sql, [
      ...compiledQuery.parameters,
    ] as postgres.ParameterOrJSON<never>[]);
  }

  async commit(timeoutMs: number): Promise<void> {
    this.live();
    this.finish('commit');
    const outcome = await within(this.outcome, timeoutMs, 'COMMIT');
    if (!outcome.ok) throw outcome.error;
  }

  async rollback(timeoutMs: number): Promise<void> {
    // Ended with its connection: the server rolled it back; nothing is sent.
    if (this.ended !== undefined) return;
    this.finish(ROLLBACK);
    const outcome = await within(this.outcome, timeoutMs, 'ROLLBACK');
    if (!outcome.ok && outcome.error !== ROLLBACK) throw outcome.error;
  }
}

/**
 * A Kysely connection over postgres.js: outside a transaction each query goes to the pool
 * (postgres.js picks an idle connection, or opens one); inside one, to the transaction's
 * connection. A transaction is opened by Kysely's `db.transaction()` or, on a connection from
 * `db.connection()`, by a raw `BEGIN` (ended by a raw `COMMIT` or `ROLLBACK`). Outside a
 * transaction nothing pins a connection: session state (a plain `SET`, a temporary table, a
 * session advisory lock) does not carry from one statement to the next.
 */
export class PostgresJsConnection implements DatabaseConnection {
  private transaction: OpenTransaction | undefined;

  constructor(
    private readonly sql: Sql,
    private readonly timeoutMs: number,
  ) {}

  private query(compiledQuery: CompiledQuery): postgres.PendingQuery<Rows> {
    return this.transaction === undefined
      ? this.sql.unsafe(compiledQuery.sql, [
          ...compiledQuery.parameters,
        ] as postgres.ParameterOrJSON<never>[])
      : this.transaction.query(compiledQuery);
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const control = transactionControl(compiledQuery.sql);
    if (control === undefined)
      return toQueryResult<R>(await this.query(compiledQuery));
    if (control.statement === 'begin') {
      if (this.transaction !== undefined)
        throw new Error('a transaction is already open on this connection');
      await this.openTransaction(control.options);
    } else if (control.statement === 'commit') await this.commit();
    else await this.rollback();
    return { rows: [] };
  }

  async *streamQuery<R>(
    compiledQuery: CompiledQuery,
    chunkSize = 100,
  ): AsyncIterableIterator<QueryResult<R>> {
    for await (const rows of this.query(compiledQuery).cursor(chunkSize))
      yield { rows: rows as R[] };
  }

  begin(settings: TransactionSettings): Promise<void> {
    return this.openTransaction(beginOptions(settings));
  }

  private async openTransaction(options: string): Promise<void> {
    this.transaction = await OpenTransaction.open(
      this.sql,
      options,
      this.timeoutMs,
    );
  }

  async commit(): Promise<void> {
    const transaction = this.transaction;
    this.transaction = undefined;
    await transaction?.commit(this.timeoutMs);
  }

  async rollback(): Promise<void> {
    const transaction = this.transaction;
    this.transaction = undefined;
    await transaction?.rollback(this.timeoutMs);
  }

  /** A transaction left open (a `db.connection()` callback that threw after BEGIN) rolls back. */
  async release(): Promise<void> {
    await this.rollback().catch(() => undefined);
  }
}

/** The connection under `connection`'s wrappers (each keeps what it wraps as `inner`). */
function ownConnection(connection: DatabaseConnection): PostgresJsConnection {
  let current: unknown = connection;
  while (!(current instanceof PostgresJsConnection)) {
    const inner = (current as { inner?: unknown } | null)?.inner;
    if (inner === undefined)
      throw new TypeError('not a connection of the postgres.js driver');
    current = inner;
  }
  return current;
}

/**
 * Kysely's driver for postgres.js, in place of kysely-postgres-js's: that one reserves a
 * connection (`sql.reserve()`) for every query, and postgres.js's `reserve` leaks: a reserve
 * waiting while connections are being opened is both queued and handed to a connection attempt,
 * so when the database stops answering (paused, failing over) and the attempt times out, its
 * stale entry stays queued and later takes a connection that then belongs to nobody. After a
 * pause of a few seconds under load, most of the pool was gone and queries waited forever. Here
 * plain queries go through postgres.js's pool (`sql.unsafe`) and transactions through its own
 * `begin`, neither of which reserves.
 */
class PostgresJsDriver implements Driver {
  constructor(
    private readonly sql: Sql,
    private readonly timeoutMs: number,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new PostgresJsConnection(this.sql, this.timeoutMs);
  }

  async beginTransaction(
    connection: DatabaseConnection,
    settings: TransactionSettings,
  ): Promise<void> {
    await ownConnection(connection).begin(settings);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await ownConnection(connection).commit();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await ownConnection(connection).rollback();
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await ownConnection(connection).release();
  }

  /** Ends the pool, closing connections still busy after a grace period. */
  async destroy(): Promise<void> {
    await this.sql.end({ timeout: END_GRACE_SECONDS });
  }
}

/**
 * A Kysely dialect for a postgres.js pool, with the driver above. `queryTimeoutMs` bounds BEGIN,
 * COMMIT and ROLLBACK (0: no limit); other statements are bounded by the guard around it.
 */
export class PostgresJsPoolDialect implements Dialect {
  constructor(
    private readonly sql: Sql,
    private readonly queryTimeoutMs: number,
  ) {}

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PostgresJsDriver(this.sql, this.queryTimeoutMs);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}
