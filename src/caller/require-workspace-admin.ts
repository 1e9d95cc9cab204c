import { ForbiddenException } from '@nestjs/common';
import type { UserRole } from '../database';
import type { AiToolsCaller } from './ai-tools-caller';

/** Docmost's roles that manage a workspace's settings (its `WorkspaceCaslAction.Manage`). */
const WORKSPACE_ADMIN_ROLES: readonly UserRole[] = ['owner', 'admin'];

/**
 * Refuses a caller who is not an owner or admin of the workspace with 403, naming what was
 * refused (`action`, e.g. "change AI settings") and the caller's role.
 */
export function requireWorkspaceAdmin(
  caller: Pick<AiToolsCaller, 'role'>,
  action: string,
): void {
  if (WORKSPACE_ADMIN_ROLES.includes(caller.role)) return;
  throw new ForbiddenException(
    `Only workspace owners and admins can ${action}; your role is "${caller.role}"`,
  );
}
