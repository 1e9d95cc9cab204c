import { type Kysely, sql } from 'kysely';

/**
 * Secrets every instance of the reference host shares through its one database: the key that
 * signs the agent's collaboration tokens, so a token minted on one instance is accepted by the
 * collaboration server of any other (Docmost signs its collab tokens with `APP_SECRET`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('host_secrets')
    .addColumn('name', 'varchar', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
  // Two random UUIDs: 244 random bits, from PostgreSQL's own generator (no extension needed).
  await sql`insert into host_secrets (name, value)
    values ('collaboration', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''))`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('host_secrets').execute();
}
