import type { UserRole } from '../../src';

/** The caller of a request, resolved from its bearer token; every tool acts as this user. */
export interface AuthenticatedUser {
  readonly userId: string;
  readonly workspaceId: string;
  readonly role: UserRole;
  readonly email: string;
}
