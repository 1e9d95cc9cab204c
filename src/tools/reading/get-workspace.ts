import { ToolError } from '../../ground';
import type { ToolCallContext } from '../../registry';
import type { ToolInput } from '../../registry';
import type { getWorkspaceTool } from './reading.tools';
import type { ToolExecutorDependencies } from '../executor-dependencies';

export interface WorkspaceSummary {
  readonly workspace: {
    readonly id: string;
    readonly name: string | null;
    readonly description: string | null;
    readonly hostname: string | null;
  };
  readonly you: {
    readonly id: string;
    readonly name: string | null;
    readonly email: string;
    /** Workspace role: owner, admin or member. */
    readonly role: string | null;
  };
}

/**
 * The caller's own workspace and account. Only display fields are selected: `settings` holds
 * AI configuration and other keys the model has no business reading.
 */
export async function getWorkspace(
  { db }: ToolExecutorDependencies,
  _input: ToolInput<typeof getWorkspaceTool>,
  context: ToolCallContext,
): Promise<WorkspaceSummary> {
  const row = await db
    .selectFrom('workspaces')
    .innerJoin('users', 'users.workspaceId', 'workspaces.id')
    .select([
      'workspaces.id',
      'workspaces.name',
      'workspaces.description',
      'workspaces.hostname',
    ])
    .select([
      'users.id as userId',
      'users.name as userName',
      'users.email',
      'users.role',
    ])
    .where('workspaces.id', '=', context.workspaceId)
    .where('workspaces.deletedAt', 'is', null)
    .where('users.id', '=', context.userId)
    .where('users.deletedAt', 'is', null)
    .executeTakeFirst();
  // The caller was authenticated for this workspace; reaching here means the account or the
  // workspace was removed since.
  if (!row)
    throw new ToolError(
      'not_found',
      'your workspace or account no longer exists; sign in again',
    );
  return {
    workspace: {
      id: row.id,
      name: row.name,
      description: row.description,
      hostname: row.hostname,
    },
    you: {
      id: row.userId,
      name: row.userName,
      email: row.email,
      role: row.role,
    },
  };
}
