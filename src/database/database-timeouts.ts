/** Limits every connection of `createKysely` applies, so a slow or frozen database fails fast. */
export interface DatabaseTimeouts {
  /**
   * PostgreSQL's `statement_timeout`, set on every connection: the server cancels a statement
   * that runs (or waits on a lock) longer. Default 15 000 ms; 0 disables it.
   */
  readonly statementTimeoutMs: number;
  /** How long opening a connection may take (TCP, TLS, startup). Default 5 000 ms. */
  readonly connectTimeoutMs: number;
  /**
   * How long the client waits for one query's answer before it gives up on the connection: it
   * catches a database that no longer answers at all (process paused, network gone), where the
   * server-side statement timeout cannot fire. Default: the statement timeout plus 2 000 ms
   * (17 000 ms); with the statement timeout disabled, 0 (no client limit).
   */
  readonly queryTimeoutMs: number;
}

export const DEFAULT_STATEMENT_TIMEOUT_MS = 15_000;
export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
/** Leaves the server time to report its own statement timeout before the client gives up. */
const CLIENT_GRACE_MS = 2_000;

export function resolveDatabaseTimeouts(
  partial: Partial<DatabaseTimeouts> = {},
): DatabaseTimeouts {
  const statementTimeoutMs =
    partial.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  const connectTimeoutMs =
    partial.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const queryTimeoutMs =
    partial.queryTimeoutMs ??
    (statementTimeoutMs > 0 ? statementTimeoutMs + CLIENT_GRACE_MS : 0);
  for (const [name, value] of Object.entries({
    statementTimeoutMs,
    connectTimeoutMs,
    queryTimeoutMs,
  })) {
    if (!Number.isInteger(value) || value < 0)
      throw new RangeError(
        `${name} must be an integer number of milliseconds >= 0, got ${value}`,
      );
  }
  if (connectTimeoutMs === 0)
    throw new RangeError(
      'connectTimeoutMs must be > 0: a connection attempt needs a limit',
    );
  return { statementTimeoutMs, connectTimeoutMs, queryTimeoutMs };
}
