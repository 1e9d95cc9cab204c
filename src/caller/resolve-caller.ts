import type { UserRole } from '../database';
import type { AiToolsCaller } from './ai-tools-caller';

const ROLES: readonly UserRole[] = ['owner', 'admin', 'member'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function asRole(value: unknown): UserRole | undefined {
  return ROLES.find((role) => role === value);
}

/**
 * Reads the caller from what the host's auth guard left in `request.user`, in either shape the
 * module is meant to run under, so its controllers import nothing from a host:
 *  - the reference host: `{ userId, workspaceId, role }`;
 *  - Docmost's JWT strategy: `{ user: { id, role, workspaceId }, workspace: { id } }`.
 * Anything else resolves to undefined (no caller, so no access).
 */
export function resolveCaller(requestUser: unknown): AiToolsCaller | undefined {
  if (!isRecord(requestUser)) return undefined;
  if (
    typeof requestUser.userId === 'string' &&
    typeof requestUser.workspaceId === 'string'
  ) {
    const role = asRole(requestUser.role);
    return role
      ? {
          userId: requestUser.userId,
          workspaceId: requestUser.workspaceId,
          role,
        }
      : undefined;
  }
  const { user, workspace } = requestUser;
  if (isRecord(user) && typeof user.id === 'string') {
    const workspaceId =
      isRecord(workspace) && typeof workspace.id === 'string'
        ? workspace.id
        : user.workspaceId;
    const role = asRole(user.role);
    if (typeof workspaceId === 'string' && role)
      return { userId: user.id, workspaceId, role };
  }
  return undefined;
}
