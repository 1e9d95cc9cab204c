import type {
  CompiledQuery,
  DatabaseConnection,
  DatabaseIntrospector,
  Dialect,
  DialectAdapter,
  Driver,
  Kysely,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import { classifyDatabaseError } from './classify-database-error';
import { DatabaseUnavailableError } from './database-unavailable-error';

/**
 * Wraps a PostgreSQL dialect (either driver) so that every failure to reach the database reads
 * the same: a `DatabaseUnavailableError` naming the reason, whatever the driver threw. It also
 * bounds each query on the client side (`queryTimeoutMs`), which matters when the server stops
 * answering altogether and its own statement timeout cannot fire: the caller gets an error and
 * the driver's connection is released with the query still pending, which the pool adapters
 * treat as abandoned.
 */
export class GuardedDialect implements Dialect {
  constructor(
    private readonly inner: Dialect,
    private readonly queryTimeoutMs: number,
  ) {}

  createAdapter(): DialectAdapter {
    return this.inner.createAdapter();
  }

  createDriver(): Driver {
    return new GuardedDriver(this.inner.createDriver(), this.queryTimeoutMs);
  }

  createQueryCompiler(): QueryCompiler {
    return this.inner.createQueryCompiler();
  }

  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return this.inner.createIntrospector(db);
  }
}

function unavailable(error: unknown): unknown {
  if (error instanceof DatabaseUnavailableError) return error;
  const classified = classifyDatabaseError(error);
  if (classified === undefined) return error;
  const detail = (error as Error).message.split('\n')[0];
  return new DatabaseUnavailableError(`database unavailable: ${classified.reason} (${detail}); try again`, classified.code, { cause: error });
}

async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw unavailable(error);
  }
}

class GuardedConnection implements DatabaseConnection {
  constructor(
    readonly inner: DatabaseConnection,
    private readonly queryTimeoutMs: number,
  ) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const running = this.inner.executeQuery<R>(compiledQuery);
    if (this.queryTimeoutMs === 0) return guarded(() => running);
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
      return await guarded(() => Promise.race([running, timedOut]));
    } finally {
      clearTimeout(timer);
    }
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    try {
      yield* this.inner.streamQuery<R>(compiledQuery, chunkSize);
    } catch (error) {
      throw unavailable(error);
    }
  }
}

function innerOf(connection: DatabaseConnection): DatabaseConnection {
  return connection instanceof GuardedConnection ? connection.inner : connection;
}

class GuardedDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly queryTimeoutMs: number,
  ) {}

  init(): Promise<void> {
    return guarded(() => this.inner.init());
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new GuardedConnection(await guarded(() => this.inner.acquireConnection()), this.queryTimeoutMs);
  }

  // Transaction statements go through the guarded connection, so they are bounded too.
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(connection);
  }

  async savepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.savepoint?.(connection, name, compileQuery);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.rollbackToSavepoint?.(connection, name, compileQuery);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.releaseSavepoint?.(connection, name, compileQuery);
  }

  // The drivers release through a private member of their own connection class.
  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(innerOf(connection));
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}
