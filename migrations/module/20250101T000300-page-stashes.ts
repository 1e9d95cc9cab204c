import { type Kysely, sql } from 'kysely';

/**
 * Short-lived page snapshots behind anonymous URLs (the stashPage tool). A row holds the
 * snapshot itself, so any server instance can serve the URL; only the sha256 of the URL's key
 * is stored, so the table alone does not give the URLs away. Rows go with their page, user or
 * workspace; expired rows are refused and deleted opportunistically (`expires_at` index).
 */
/** Docmost's tables the rows reference. */
export const needs = ['workspaces.id', 'pages.id', 'users.id'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  // The module's migrations run outside a transaction (concurrent index builds need that):
  // the table and its indexes are made in one of their own, all or nothing.
  await db.transaction().execute(async (trx) => {
    await trx.schema
      .createTable('ai_tools_page_stashes')
      .ifNotExists()
      .addColumn('id', 'uuid', (c) =>
        c.primaryKey().defaultTo(sql`gen_random_uuid()`),
      )
      .addColumn('key_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('workspace_id', 'uuid', (c) =>
        c.notNull().references('workspaces.id').onDelete('cascade'),
      )
      .addColumn('page_id', 'uuid', (c) =>
        c.notNull().references('pages.id').onDelete('cascade'),
      )
      .addColumn('creator_id', 'uuid', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('format', 'varchar(16)', (c) => c.notNull())
      .addColumn('file_name', 'varchar', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('bytes', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) =>
        c.notNull().defaultTo(sql`now()`),
      )
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await trx.schema
      .createIndex('idx_ai_tools_page_stashes_expires_at')
      .ifNotExists()
      .on('ai_tools_page_stashes')
      .column('expires_at')
      .execute();
    await trx.schema
      .createIndex('idx_ai_tools_page_stashes_creator_expires_at')
      .ifNotExists()
      .on('ai_tools_page_stashes')
      .columns(['creator_id', 'expires_at'])
      .execute();
  });
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ai_tools_page_stashes').ifExists().execute();
}
