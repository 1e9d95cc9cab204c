import { Injectable } from '@nestjs/common';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../database';
import { InjectKysely } from '../database';

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
   * the stored value, or `undefined` when the workspace does not exist.
   */
  async setDeferredTools(
    workspaceId: string,
    deferredTools: boolean,
  ): Promise<boolean | undefined> {
    const row = await this.db
      .updateTable('workspaces')
      .set({
        settings: sql`jsonb_set(
          case when jsonb_typeof(settings) = 'object' then settings else '{}'::jsonb end,
          '{ai}',
          case when jsonb_typeof(settings->'ai') = 'object' then settings->'ai' else '{}'::jsonb end
            || jsonb_build_object('deferredTools', ${deferredTools}::boolean)
        )`,
        updatedAt: sql`now()`,
      })
      .where('id', '=', workspaceId)
      .returning(
        sql<boolean>`(settings->'ai'->>'deferredTools')::boolean`.as(
          'deferredTools',
        ),
      )
      .executeTakeFirst();
    return row?.deferredTools;
  }
}
