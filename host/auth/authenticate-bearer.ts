import type { Kysely } from 'kysely';
import type { DB, UserRole } from '../../src';
import { hashApiToken } from './api-token';
import type { AuthenticatedUser } from './authenticated-user';
import { AuthenticationError } from './authentication-error';

const USER_ROLES: readonly UserRole[] = ['owner', 'admin', 'member'];
const HOW_TO_GET_ONE =
  'send "Authorization: Bearer <token>" with a token printed by `npm run seed`';

function bearerToken(
  authorizationHeader: string | readonly string[] | undefined,
): string {
  const header = Array.isArray(authorizationHeader)
    ? authorizationHeader[0]
    : authorizationHeader;
  if (typeof header !== 'string' || header.trim() === '') {
    throw new AuthenticationError(
      `missing Authorization header; ${HOW_TO_GET_ONE}`,
    );
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header.trim());
  if (!match)
    throw new AuthenticationError(
      `Authorization header is not a bearer token; ${HOW_TO_GET_ONE}`,
    );
  return match[1]!;
}

/** The token's row with its user and workspace, as the checks below need them. */
function selectToken(db: Kysely<DB>, tokenHash: string) {
  return db
    .selectFrom('apiTokens')
    .innerJoin('users', 'users.id', 'apiTokens.userId')
    .innerJoin('workspaces', 'workspaces.id', 'apiTokens.workspaceId')
    .select([
      'apiTokens.revokedAt',
      'users.id as userId',
      'users.email',
      'users.role',
      'users.workspaceId as userWorkspaceId',
      'users.deletedAt as userDeletedAt',
      'users.deactivatedAt as userDeactivatedAt',
      'workspaces.id as workspaceId',
      'workspaces.deletedAt as workspaceDeletedAt',
    ])
    .where('apiTokens.tokenHash', '=', tokenHash)
    .executeTakeFirst();
}

type TokenRow = Awaited<ReturnType<typeof selectToken>>;

/**
 * Lookups in flight, per database and token hash. Requests bearing the same token at the same
 * moment (an MCP client sending 30 calls at once) share one query instead of queueing 30 ahead
 * of every other user's in the pool. Nothing is kept once the query settles: a revocation is
 * seen by every request that arrives after the lookup it would have joined has ended.
 */
const lookupsInFlight = new WeakMap<
  Kysely<DB>,
  Map<string, Promise<TokenRow>>
>();

function findToken(db: Kysely<DB>, tokenHash: string): Promise<TokenRow> {
  let inFlight = lookupsInFlight.get(db);
  if (inFlight === undefined) {
    inFlight = new Map();
    lookupsInFlight.set(db, inFlight);
  }
  const pending = inFlight.get(tokenHash);
  if (pending !== undefined) return pending;
  const lookup = selectToken(db, tokenHash).finally(() =>
    inFlight.delete(tokenHash),
  );
  inFlight.set(tokenHash, lookup);
  return lookup;
}

/**
 * Resolves `Authorization: Bearer <token>` to its user. Shared by the Nest guard and by raw
 * Fastify routes (the MCP endpoint), so both reject the same requests with the same messages.
 *
 * @throws AuthenticationError when the header is missing or malformed, or the token is unknown,
 * revoked, or belongs to a deleted user or workspace.
 */
export async function authenticateBearer(
  db: Kysely<DB>,
  authorizationHeader: string | readonly string[] | undefined,
): Promise<AuthenticatedUser> {
  const token = bearerToken(authorizationHeader);
  const row = await findToken(db, hashApiToken(token));
  if (!row)
    throw new AuthenticationError(`unknown API token; ${HOW_TO_GET_ONE}`);
  if (row.revokedAt !== null) {
    throw new AuthenticationError(
      `API token was revoked (a newer one replaced it); ${HOW_TO_GET_ONE}`,
    );
  }
  if (
    row.userDeletedAt !== null ||
    row.workspaceDeletedAt !== null ||
    row.userWorkspaceId !== row.workspaceId
  ) {
    throw new AuthenticationError(
      'API token belongs to a user who is no longer in its workspace',
    );
  }
  // Docmost refuses a deactivated user everywhere; so does every surface of this host.
  if (row.userDeactivatedAt !== null) {
    throw new AuthenticationError(
      'API token belongs to a deactivated user; a workspace admin can reactivate them',
    );
  }
  // Docmost's role column is a free varchar; anything unexpected gets the least privilege.
  const role = USER_ROLES.find((known) => known === row.role) ?? 'member';
  return {
    userId: row.userId,
    workspaceId: row.workspaceId,
    role,
    email: row.email,
  };
}
