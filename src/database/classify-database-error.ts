/** Why a failed query means "the database is unavailable", in words for the error message. */
export interface UnavailableReason {
  readonly code: string | undefined;
  readonly reason: string;
  /**
   * The connection the query ran on is gone (not merely slow or refused): nothing more may be
   * sent on it, and a driver that pins connections must not get it back (see GuardedDialect).
   */
  readonly connectionLost: boolean;
}

/** Failures that leave the connection open: it may serve the next query. */
const CONNECTION_KEPT = new Set([
  '57014',
  '53300',
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** Socket-level failures (Node), reported by both drivers. */
const SOCKET_ERRORS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection closed',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found',
};

/** postgres.js's own error codes for a connection it lost or could not open. */
const POSTGRES_JS_ERRORS: Readonly<Record<string, string>> = {
  CONNECTION_CLOSED: 'connection closed',
  CONNECTION_ENDED: 'connection ended',
  CONNECTION_DESTROYED: 'connection destroyed',
  CONNECT_TIMEOUT: 'connection attempt timed out',
};

/** SQLSTATEs that say the server, not the statement, is the problem. */
const SQLSTATES: Readonly<Record<string, string>> = {
  '57P01': 'the server terminated the connection',
  '57P02': 'the server crashed',
  '57P03': 'the server is starting up or shutting down',
  '57014': 'the statement ran past the statement timeout',
  '53300': 'too many connections',
};

/** node-postgres reports these as plain Errors without a code. */
const PG_MESSAGES: readonly (readonly [RegExp, string, boolean])[] = [
  [/^Connection terminated/, 'connection lost', true],
  [
    /^timeout exceeded when trying to connect/,
    'no connection within the connect timeout',
    false,
  ],
  [
    /^Client (has encountered a connection error|was closed) and is not queryable$/,
    'connection lost',
    true,
  ],
];

/** The table's own entry for `key`: an error code such as "constructor" names nothing. */
function ownValue(
  table: Readonly<Record<string, string>>,
  key: string,
): string | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/**
 * `undefined` for an error of the statement itself (a constraint, a syntax error), which the
 * caller should see unchanged; otherwise why the database could not answer.
 */
export function classifyDatabaseError(
  error: unknown,
): UnavailableReason | undefined {
  // Not `instanceof Error`: a driver's socket errors can come from another realm (Node's own
  // modules under a test runner's sandbox), and they are still errors with a code and message.
  if (typeof error !== 'object' || error === null) return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message !== 'string') return undefined;
  const rawCode: unknown = (error as { code?: unknown }).code;
  const code = typeof rawCode === 'string' ? rawCode : undefined;
  if (code !== undefined) {
    const reason =
      ownValue(SOCKET_ERRORS, code) ??
      ownValue(POSTGRES_JS_ERRORS, code) ??
      ownValue(SQLSTATES, code);
    if (reason !== undefined)
      return { code, reason, connectionLost: !CONNECTION_KEPT.has(code) };
    // Class 08: connection exception (PostgreSQL or a pooler in front of it).
    if (/^08[0-9A-Z]{3}$/.test(code))
      return { code, reason: 'connection failure', connectionLost: true };
  }
  for (const [pattern, reason, connectionLost] of PG_MESSAGES) {
    if (pattern.test(message)) return { code, reason, connectionLost };
  }
  return undefined;
}
