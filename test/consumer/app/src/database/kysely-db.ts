import type { Kysely } from 'kysely';
import type { DB } from 'docmost-ai-tools';

/**
 * Docmost's `KyselyDB`: a Kysely over Docmost's generated `DB` types. Docmost's `DB` has tables
 * this package does not know; `favorites` stands in for them, so the mount below is checked the
 * way Docmost's compiler checks it (its database type is wider than the package's).
 */
export interface DocmostDB extends DB {
  favorites: {
    id: string;
    userId: string;
    pageId: string | null;
    workspaceId: string;
  };
}

export type KyselyDB = Kysely<DocmostDB>;
