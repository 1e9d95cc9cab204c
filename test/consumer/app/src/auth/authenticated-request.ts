import type { Selectable } from 'kysely';
import type { DocmostDB } from '../database/kysely-db';

export type UserRow = Selectable<DocmostDB['users']>;
export type WorkspaceRow = Selectable<DocmostDB['workspaces']>;

/** What Docmost's JWT strategy leaves in `request.user`: the two rows it loaded. */
export interface AuthenticatedRequest {
  headers: Record<string, string | string[] | undefined>;
  user: { user: UserRow; workspace: WorkspaceRow };
}
