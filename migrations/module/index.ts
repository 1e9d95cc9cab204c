import type { Migration } from 'kysely';
import * as commentsPageCreatedIndex from './20250101T000200-comments-page-created-index';
import * as pageStashes from './20250101T000300-page-stashes';
import * as chatMemory from './20250101T000400-chat-memory';
import * as commentsCountCoveringIndex from './20250101T000500-comments-count-covering-index';
import * as turnStats from './20261205T210000-turn-stats';
import * as mcpSessions from './20261205T230000-mcp-sessions';
import * as turnStatsCachedInput from './20261207T020000-turn-stats-cached-input';

/**
 * The module's own migrations: what a Docmost database needs from docmost-ai-tools. Kept in
 * their own Kysely bookkeeping table, so they never collide with Docmost's `kysely_migration`
 * history. Run them with `migrateAiToolsModule(db)`, or add them to the host's own Migrator.
 */
export const AI_TOOLS_MIGRATION_TABLE = 'ai_tools_migration';

/**
 * A module migration and the host's columns it builds on (`table.column`, Docmost's schema):
 * they must exist before it runs, which is how the boot knows Docmost's own migrations ran.
 * Every migration is safe to run again after it stopped half-way (`if not exists` throughout).
 */
export interface ModuleMigration extends Migration {
  readonly needs: readonly string[];
}

export const AI_TOOLS_MIGRATIONS: Readonly<Record<string, ModuleMigration>> = {
  '20250101T000200-comments-page-created-index': commentsPageCreatedIndex,
  '20250101T000300-page-stashes': pageStashes,
  '20250101T000400-chat-memory': chatMemory,
  '20250101T000500-comments-count-covering-index': commentsCountCoveringIndex,
  '20261205T210000-turn-stats': turnStats,
  '20261205T230000-mcp-sessions': mcpSessions,
  '20261207T020000-turn-stats-cached-input': turnStatsCachedInput,
};
