import { Injectable } from '@nestjs/common';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../database';
import { InjectKysely } from '../database/kysely.token';

/** `settings.ai.deferredTools` when absent: deferred tools are ON unless an admin turned them off. */
export const DEFERRED_TOOLS_DEFAULT = true;

/**
 * Reads and writes this module's keys under `workspaces.settings.ai`. Docmost keeps other AI
 * settings there (and elsewhere in `settings`), so a write merges one key in a single
 * statement: the row lock makes concurrent writers of other keys serialise, never overwrite.
 */
@Injectable()
export class AiToolsSettingsRepository {
  constructor(@InjectKysely() private readonly db: Kysely<DB>) {}

  /** The toggle of a workspace; the default when the key is absent or not a boolean. */
  async getDeferredTools(workspaceId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('workspaces')
      .select(sql<unknown>`settings->'ai'->'deferredTools'`.as('deferredTools'))
      .where('id', '=', workspaceId)
      .executeTakeFirst();
    return typeof row?.deferredTools === 'boolean'
      ? row.deferredTools
      : DEFERRED_TOOLS_DEFAULT;
  }

  /**
   * Sets the toggle, keeping every other key of `settings` and `settings.ai`. A `settings` or
   * `settings.ai` that is not a JSON object (null, or corrupted) is treated as empty. Returns
   * the value before (the default when it was absent) and the stored one, read under the row's
   * lock in the same statement, or `undefined` when the workspace does not exist.
   */
  async setDeferredTools(
    workspaceId: string,
    deferredTools: boolean,
  ): Promise<
    { readonly before: boolean; readonly after: boolean } | undefined
  > {
    // The value before comes from a locking subquery in FROM: it waits for a concurrent writer
    // and reads what that one stored, so two admins' writes each report their own change.
    const row = await this.db
      .updateTable('workspaces')
      .from(
        this.db
          .selectFrom('workspaces')
          .select([
            'id',
            sql<unknown>`settings->'ai'->'deferredTools'`.as('value'),
          ])
          .where('id', '=', workspaceId)
          .forUpdate()
          .as('previous'),
      )
      .set({
        settings: sql`jsonb_set(
          case when jsonb_typeof(workspaces.settings) = 'object' then workspaces.settings else '{}'::jsonb end,
          '{ai}',
          case when jsonb_typeof(workspaces.settings->'ai') = 'object' then workspaces.settings->'ai' else '{}'::jsonb end
            || jsonb_build_object('deferredTools', ${deferredTools}::boolean)
        )`,
        updatedAt: sql`now()`,
      })
      .whereRef('workspaces.id', '=', 'previous.id')
      .returning([
        'previous.value as before',
        sql<boolean>`(workspaces.settings->'ai'->>'deferredTools')::boolean`.as(
          'after',
        ),
      ])
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      before:
        typeof row.before === 'boolean' ? row.before : DEFERRED_TOOLS_DEFAULT,
      after: row.after,
    };
  }
}
