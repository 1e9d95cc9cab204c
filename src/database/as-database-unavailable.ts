import { classifyDatabaseError } from './classify-database-error';
import { DatabaseUnavailableError } from './database-unavailable-error';

/**
 * What a caller should see for a failed query: a `DatabaseUnavailableError` naming the reason
 * when the database could not answer (a lost or refused connection, a server shutting down, a
 * statement timeout: whatever the driver), or `error` itself for an error of the statement (a
 * constraint, a syntax error) or of the code. `onLost` runs when the connection is gone.
 *
 * Used by the module's own Kysely (`GuardedDialect`) and around every executor, so a host that
 * gives the module its own Kysely (Docmost's) gets the same `unavailable` tool error instead of
 * an `internal` one when its database goes away.
 */
export function asDatabaseUnavailable(
  error: unknown,
  onLost?: () => void,
): unknown {
  if (error instanceof DatabaseUnavailableError) return error;
  const classified = classifyDatabaseError(error);
  if (classified === undefined) return error;
  if (classified.connectionLost) onLost?.();
  // The reason only: the driver's own message names hosts and ports (`connect ECONNREFUSED
  // 10.0.0.5:5432`), which the model, and any MCP user, has no business seeing. It stays in
  // `cause` for the log.
  return new DatabaseUnavailableError(
    `database unavailable: ${classified.reason}; try again`,
    classified.code,
    { cause: error },
  );
}
