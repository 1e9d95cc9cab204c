import type { AuthenticatedUser } from './authenticated-user';

/** Where the guard leaves the caller on the (Fastify) request object. */
export interface RequestWithUser {
  user?: AuthenticatedUser;
}
