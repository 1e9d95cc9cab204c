/** At most one line per interval about lost connections; the rest are counted. */
export const CONNECTION_ERROR_LOG_INTERVAL_MS = 10_000;

/**
 * The handler `main` gives the pool for connections lost outside a query (node-postgres emits
 * those as events; unhandled, one would exit the process). A restarting database drops every
 * pooled connection at once, so lines are rate-limited.
 */
export function createConnectionErrorLog(
  write: (line: string) => void,
  intervalMs = CONNECTION_ERROR_LOG_INTERVAL_MS,
  now: () => number = Date.now,
): (error: Error) => void {
  let lastAt = Number.NEGATIVE_INFINITY;
  let suppressed = 0;
  return (error) => {
    const at = now();
    if (at - lastAt < intervalMs) {
      suppressed += 1;
      return;
    }
    const meanwhile =
      suppressed > 0 ? ` (${suppressed} more since the last line)` : '';
    write(
      `warning: database connection lost: ${error.message.split('\n')[0]}${meanwhile}; the pool reconnects on the next query\n`,
    );
    lastAt = at;
    suppressed = 0;
  };
}
