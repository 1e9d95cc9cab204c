import type { Migration } from 'kysely';
import { AI_TOOLS_MIGRATIONS, AI_TOOLS_MIGRATION_TABLE } from '../../src';
import * as docmostSchemaSubset from './base/20250101T000000-docmost-schema-subset';
import * as apiTokens from './host/20250101T000100-api-tokens';

/**
 * Three independent migration sets, each with its own Kysely bookkeeping table so that none
 * of them ever collides with Docmost's own `kysely_migration` history:
 *  - `base`: the Docmost schema subset a standalone install needs (a no-op on Docmost);
 *  - `host`: tables of the reference host only (API tokens);
 *  - `module`: what a real Docmost database gets from this module.
 */
export interface MigrationSet {
  readonly name: 'base' | 'host' | 'module';
  readonly tableName: string;
  readonly migrations: Readonly<Record<string, Migration>>;
  /**
   * Run each migration in a transaction (Kysely's default). The module's set runs without: its
   * indexes on Docmost's tables are built concurrently, which a transaction forbids.
   */
  readonly transactional: boolean;
}

export const MIGRATION_SETS: readonly MigrationSet[] = [
  {
    name: 'base',
    tableName: 'ai_tools_base_migration',
    transactional: true,
    migrations: {
      '20250101T000000-docmost-schema-subset': docmostSchemaSubset,
    },
  },
  {
    name: 'host',
    tableName: 'ai_tools_host_migration',
    transactional: true,
    migrations: { '20250101T000100-api-tokens': apiTokens },
  },
  {
    name: 'module',
    tableName: AI_TOOLS_MIGRATION_TABLE,
    transactional: false,
    migrations: AI_TOOLS_MIGRATIONS,
  },
];
