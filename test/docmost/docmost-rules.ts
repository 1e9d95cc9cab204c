import { withDatabase } from './docmost-checks';

/**
 * Docmost's rules the checks set without a route. Page restrictions (`page_access` /
 * `page_permissions`) have no route in this fork (its repository's writers have no caller), and
 * a space's `disablePublicSharing` / `allowViewerComments` and the workspace's
 * `disablePublicSharing` are licensed (enterprise) routes: the checks write the rows and the
 * jsonb those routes store. Adaptations, printed by the specs that use them.
 */

export const RULE_ADAPTATIONS = [
  "page restrictions have no route in this Docmost: the checks insert page_access and page_permissions rows as Docmost's repository does",
  "a space's sharing and viewer-comment switches and the workspace's sharing switch are licensed routes: the checks write spaces.settings / workspaces.settings as those routes store them",
] as const;

/** Prints the adaptations above, once per spec that relies on them. */
export function sayRuleAdaptations(): void {
  process.stderr.write(
    `[docmost] adaptation: ${RULE_ADAPTATIONS.join('; ')}\n`,
  );
}

/** Restricts a page to the given people (`writer` or `reader` on the page). */
export async function restrictPage(
  databaseUrl: string,
  pageId: string,
  grants: readonly {
    readonly userId: string;
    readonly role: 'writer' | 'reader';
  }[],
): Promise<void> {
  await withDatabase(databaseUrl, async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `insert into page_access (page_id, workspace_id, space_id, access_level, creator_id)
       select id, workspace_id, space_id, 'restricted', creator_id from pages where id = $1
       returning id`,
      [pageId],
    );
    if (rows.length !== 1) throw new Error(`no page ${pageId} to restrict`);
    for (const grant of grants)
      await client.query(
        'insert into page_permissions (page_access_id, user_id, role) values ($1, $2, $3)',
        [rows[0].id, grant.userId, grant.role],
      );
  });
}

/**
 * Sets `settings.<group>.<key>` of a space or the workspace (undefined removes the key), as the
 * licensed routes store it, leaving the other settings as they are.
 */
export async function setSetting(
  databaseUrl: string,
  table: 'spaces' | 'workspaces',
  id: string,
  [group, key]: readonly [string, string],
  value: boolean | undefined,
): Promise<void> {
  await withDatabase(databaseUrl, async (client) => {
    const { rowCount } = await client.query(
      `update ${table}
          set settings = coalesce(settings, '{}'::jsonb) || jsonb_build_object(
            $2::text,
            case when $4::jsonb is null
              then coalesce(settings -> $2::text, '{}'::jsonb) - $3::text
              else coalesce(settings -> $2::text, '{}'::jsonb) || jsonb_build_object($3::text, $4::jsonb)
            end)
        where id = $1`,
      [id, group, key, value === undefined ? null : JSON.stringify(value)],
    );
    if (rowCount !== 1)
      throw new Error(`no ${table} row ${id} to set ${group}.${key} on`);
  });
}

/** Lets a space's viewers comment (`allowViewerComments`), as the licensed route stores it. */
export function allowViewerComments(
  databaseUrl: string,
  spaceId: string,
): Promise<void> {
  return setSetting(
    databaseUrl,
    'spaces',
    spaceId,
    ['comments', 'allowViewerComments'],
    true,
  );
}
