import type { DB } from '../../src';
import type { Kysely } from 'kysely';
import type { OpenDatabase } from '../database';
import { seedDemoWorkspace } from '../seed/seed-demo-workspace';

/**
 * `npm start` on its own embedded database with no workspace yet seeds the demo workspace, so a
 * first start opens on something to sign in to. A database of `DATABASE_URL` is never seeded
 * unasked (`npm run seed` does it). Returns the lines to print.
 */
export async function seedEmbeddedWhenEmpty(
  database: Pick<OpenDatabase, 'embedded'> & { readonly db: Kysely<DB> },
): Promise<string[]> {
  const workspace = await database.db
    .selectFrom('workspaces')
    .select('id')
    .limit(1)
    .executeTakeFirst();
  if (workspace !== undefined) return [];
  if (!database.embedded)
    return [
      'the database has no workspace yet: `npm run seed` creates the demo workspace',
    ];
  const seed = await seedDemoWorkspace(database.db);
  return [
    `seeded the demo workspace "Acme" (${seed.users.length} users; \`npm run seed -- --json\` prints a token for each)`,
  ];
}
