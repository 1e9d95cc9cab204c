import {
  CompiledQuery,
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
import { asDatabaseUnavailable } from './as-database-unavailable';
import { DatabaseUnavailableError } from './database-unavailable-error';
import { transactionControl } from './transaction-control';

export interface GuardOptions {
  /** Client-side limit of one query in ms; 0: none. */
  readonly queryTimeoutMs: number;
  /**
   * Whether a rollback goes to the inner driver (the module's postgres.js driver, whose
   * transaction is held by postgres.js's `begin`) or is sent as a ROLLBACK statement on the
   * connection (node-postgres: Kysely's driver discards a connection whose ROLLBACK failed
   * through a private member that the wrapped connection does not have).
   */
  readonly rollbackThroughDriver: boolean;
}

/**
 * Wraps a PostgreSQL dialect (either driver) so that every failure to reach the database reads
 * the same: a `DatabaseUnavailableError` naming the reason, whatever the driver threw. It also
 * bounds each query on the client side (`queryTimeoutMs`), which matters when the server stops
 * answering altogether and its own statement timeout cannot fire: the caller gets an error and
 * the driver's connection is released with the query still pending, which the pool adapters
 * treat as abandoned. After a connection is lost nothing more is sent on it (a transaction's
 * ROLLBACK included: the server has already rolled back a transaction whose backend ended).
 */
export class GuardedDialect implements Dialect {
  constructor(
    private readonly inner: Dialect,
    private readonly options: GuardOptions,
  ) {}

  createAdapter(): DialectAdapter {
    return this.inner.createAdapter();
  }

  createDriver(): Driver {
    return new GuardedDriver(this.inner.createDriver(), this.options);
  }

  createQueryCompiler(): QueryCompiler {
    return this.inner.createQueryCompiler();
  }

  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return this.inner.createIntrospector(db);
  }
}

async function guarded<T>(
  run: () => Promise<T>,
  onLost?: () => void,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw asDatabaseUnavailable(error, onLost);
  }
}

class GuardedConnection implements DatabaseConnection {
  /** The backend went away: further queries fail here without reaching the driver. */
  lost = false;
  /** A raw BEGIN ran on this connection (`db.connection()`) and no COMMIT or ROLLBACK yet. */
  rawTransactionOpen = false;
  readonly markLost = () => {
    this.lost = true;
  };

  constructor(
    readonly inner: DatabaseConnection,
    private readonly queryTimeoutMs: number,
  ) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    if (this.lost) {
      throw new DatabaseUnavailableError(
        'database unavailable: the connection was lost by an earlier statement on it; try again',
        'CONNECTION_LOST',
      );
    }
    const control = transactionControl(compiledQuery.sql);
    if (control !== undefined)
      this.rawTransactionOpen = control.statement === 'begin';
    const running = this.inner.executeQuery<R>(compiledQuery);
    if (this.queryTimeoutMs === 0) return guarded(() => running, this.markLost);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(
          new DatabaseUnavailableError(
            `database unavailable: no answer within ${this.queryTimeoutMs} ms (the server may be paused or unreachable); try again`,
            'QUERY_TIMEOUT',
          ),
        );
      }, this.queryTimeoutMs);
    });
    // The abandoned query settles later (or never); its outcome must not surface as unhandled.
    running.catch(() => undefined);
    try {
      return await guarded(
        () => Promise.race([running, timedOut]),
        this.markLost,
      );
    } finally {
      clearTimeout(timer);
    }
  }

  async *streamQuery<R>(
    compiledQuery: CompiledQuery,
    chunkSize?: number,
  ): AsyncIterableIterator<QueryResult<R>> {
    try {
      yield* this.inner.streamQuery<R>(compiledQuery, chunkSize);
    } catch (error) {
      throw asDatabaseUnavailable(error, this.markLost);
    }
  }
}

function innerOf(connection: DatabaseConnection): DatabaseConnection {
  return connection instanceof GuardedConnection
    ? connection.inner
    : connection;
}

/** How long `destroy` waits for connections still in use (a transaction finishing) before closing the pool. */
const DESTROY_WAIT_MS = 5_000;

class GuardedDriver implements Driver {
  /** Connections acquired and not yet released. */
  private inUse = 0;
  private readonly onAllReleased: (() => void)[] = [];

  constructor(
    private readonly inner: Driver,
    private readonly options: GuardOptions,
  ) {}

  init(): Promise<void> {
    return guarded(() => this.inner.init());
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = new GuardedConnection(
      await guarded(() => this.inner.acquireConnection()),
      this.options.queryTimeoutMs,
    );
    this.inUse += 1;
    return connection;
  }

  // Transaction statements go through the guarded connection (node-postgres) or are bounded by
  // the driver itself (postgres.js), and read as unavailable when the database is.
  beginTransaction(
    connection: DatabaseConnection,
    settings: TransactionSettings,
  ): Promise<void> {
    return guarded(() => this.inner.beginTransaction(connection, settings));
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return guarded(
      () => this.inner.commitTransaction(connection),
      connection instanceof GuardedConnection ? connection.markLost : undefined,
    );
  }

  /**
   * A connection whose backend ended is not asked at all: the server rolled its transaction
   * back, and the caller keeps the error that ended it. The postgres.js driver knows that by
   * itself (postgres.js reports the transaction's connection closed) and is always asked. For
   * node-postgres the ROLLBACK is sent here, and a failed one marks the connection lost: Kysely's
   * driver would mark it through a private member that the wrapped connection lacks.
   */
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const guardedConnection =
      connection instanceof GuardedConnection ? connection : undefined;
    if (this.options.rollbackThroughDriver) {
      await guarded(
        () => this.inner.rollbackTransaction(connection),
        guardedConnection?.markLost,
      );
      return;
    }
    if (guardedConnection?.lost) return;
    try {
      await connection.executeQuery(CompiledQuery.raw('rollback'));
    } catch (error) {
      if (guardedConnection) guardedConnection.lost = true;
      throw error;
    }
  }

  async savepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.inner.savepoint?.(connection, name, compileQuery);
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.inner.rollbackToSavepoint?.(connection, name, compileQuery);
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.inner.releaseSavepoint?.(connection, name, compileQuery);
  }

  // The drivers release through a private member of their own connection class. A lost
  // node-postgres connection goes back too: its pool then discards the client and frees the slot.
  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    try {
      // A connection goes back with no transaction open: one a `db.connection()` callback began
      // and left (it threw) is rolled back, or the pool's next user would run inside it.
      if (
        connection instanceof GuardedConnection &&
        connection.rawTransactionOpen &&
        !connection.lost
      )
        await this.rollbackTransaction(connection).catch(() => undefined);
      await this.inner.releaseConnection(innerOf(connection));
    } finally {
      this.inUse -= 1;
      if (this.inUse === 0)
        for (const notify of this.onAllReleased.splice(0)) notify();
    }
  }

  /**
   * Lets connections in use finish first (a transaction between its last query and COMMIT):
   * postgres.js's pool end never completes for a connection that was reserved when it began,
   * even once released, and node-postgres's waits for it anyway.
   */
  async destroy(): Promise<void> {
    if (this.inUse > 0) {
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        this.onAllReleased.push(resolve);
        timer = setTimeout(resolve, DESTROY_WAIT_MS);
      });
      clearTimeout(timer);
    }
    await this.inner.destroy();
  }
}
