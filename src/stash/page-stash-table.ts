import type { Generated, Timestamp } from '../database';

/** `ai_tools_page_stashes` (migration `module/20250101T000300-page-stashes`), camelCase as Kysely's CamelCasePlugin maps it. */
export type PageStashesTable = {
  id: Generated<string>;
  /** sha256 (hex) of the URL's key; the key itself is never stored. */
  keyHash: string;
  workspaceId: string;
  pageId: string;
  creatorId: string;
  format: string;
  fileName: string;
  body: string;
  bytes: number;
  createdAt: Generated<Timestamp>;
  expiresAt: Timestamp;
};

/**
 * The table this capability adds. Kept out of the shared `DB` interface: the repository widens
 * the host's `Kysely<DB>` with `withTables`, so Docmost's own database type needs no change.
 * Type aliases, not interfaces: `withTables` wants an index-signature-compatible record.
 */
export type PageStashTables = {
  aiToolsPageStashes: PageStashesTable;
};
