import type { Kysely } from 'kysely';
import type { DB } from '../../database';

/**
 * Docmost's workspace security setting "disable public sharing", stored as
 * `workspaces.settings.sharing.disabled`. Anything but `true` leaves sharing on.
 */
export async function isSharingDisabled(
  db: Kysely<DB>,
  workspaceId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('workspaces')
    .select('settings')
    .where('id', '=', workspaceId)
    .executeTakeFirst();
  const settings = row?.settings;
  if (
    typeof settings !== 'object' ||
    settings === null ||
    Array.isArray(settings)
  )
    return false;
  const sharing = (settings as Record<string, unknown>).sharing;
  return (
    typeof sharing === 'object' &&
    sharing !== null &&
    (sharing as Record<string, unknown>).disabled === true
  );
}
