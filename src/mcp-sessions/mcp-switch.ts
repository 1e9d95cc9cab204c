import { sql, type Kysely } from 'kysely';
import type { DB } from '../database';

/**
 * The body and status Docmost's own `/mcp` answers when the workspace's MCP switch is off
 * (`mapAuthResultToResponse` in its MCP integration): 403, `{ error: 'MCP is disabled for this
 * workspace' }`. An MCP route of this package answers the same.
 */
export const MCP_DISABLED_STATUS = 403;
export const MCP_DISABLED_BODY = Object.freeze({
  error: 'MCP is disabled for this workspace',
});

/**
 * Docmost's MCP switch (Workspace settings → AI → MCP, stored in `workspaces.settings.ai.mcp`):
 * on only when it is `true`, as Docmost reads it. Off when the key is absent (Docmost's
 * default), not a boolean, or the workspace does not exist.
 */
export async function readMcpSwitch(
  db: Kysely<DB>,
  workspaceId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('workspaces')
    .select(sql<unknown>`settings->'ai'->'mcp'`.as('mcp'))
    .where('id', '=', workspaceId)
    .executeTakeFirst();
  return row?.mcp === true;
}
