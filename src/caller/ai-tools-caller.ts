import type { UserRole } from '../database';

/** Who calls one of the module's HTTP routes: the user the tools and settings act as. */
export interface AiToolsCaller {
  readonly userId: string;
  readonly workspaceId: string;
  readonly role: UserRole;
}
