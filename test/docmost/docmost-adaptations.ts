import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What this machine lacks that Docmost's own image has, and what is done about it in the
 * prepared copy (never in the README's lines). Each function returns the sentences to print, or
 * none when the source needs no adaptation (another Docmost checkout may not).
 */

/**
 * `@tiptap/extension-audio@3.20.4`, in the fork's lock file, is not on the npm registry
 * reachable here; 3.20.1 installs, and the server does not use it.
 */
export function overrideMissingAudioPackage(sourceRoot: string): string[] {
  const file = join(sourceRoot, 'package.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as {
    dependencies?: Record<string, string>;
    pnpm?: { overrides?: Record<string, string> };
  };
  if (manifest.dependencies?.['@tiptap/extension-audio'] !== '3.20.4')
    return [];
  manifest.pnpm = {
    ...manifest.pnpm,
    overrides: {
      ...manifest.pnpm?.overrides,
      '@tiptap/extension-audio': '3.20.1',
    },
  };
  writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
  return [
    '@tiptap/extension-audio 3.20.4 (in the lock file) is not on the registry here: a pnpm override to 3.20.1 (unused by the server)',
  ];
}

const MIGRATIONS = 'apps/server/src/database/migrations';

/** Replaces `from` by `to` in a file, and says so; throws when `from` is not there. */
function replaceExactly(
  file: string,
  from: string,
  to: string,
  what: string,
): void {
  const text = readFileSync(file, 'utf8');
  if (!text.includes(from))
    throw new Error(
      `the pgvector adaptation no longer applies to ${file}: ${what} not found`,
    );
  writeFileSync(file, text.replace(from, to));
}

/**
 * pgvector is not in this machine's PostgreSQL. The fork's first `page_embeddings` migration
 * creates the `vector` extension, a `vector(1536)` column and an HNSW index; the second makes
 * the column dimension-free. Both are made to skip what needs the extension when it is not
 * available, with a `real[]` column in its place: the fork's AI settings route reads
 * `page_embeddings`, and no check reads the vectors.
 */
export function pageEmbeddingsWithoutPgvector(sourceRoot: string): string[] {
  const first = join(
    sourceRoot,
    MIGRATIONS,
    '20260617T120000-page-embeddings.ts',
  );
  const second = join(
    sourceRoot,
    MIGRATIONS,
    '20260617T140000-page-embeddings-dimension-agnostic.ts',
  );
  if (!existsSync(first) || !existsSync(second)) return [];
  const available =
    "const vectorAvailable = (await sql<{ available: boolean }>`select exists (select 1 from pg_available_extensions where name = 'vector') as available`.execute(db)).rows[0].available;";
  replaceExactly(
    first,
    'await sql`CREATE EXTENSION IF NOT EXISTS vector`.execute(db);',
    `${available}\n  if (vectorAvailable) await sql\`CREATE EXTENSION IF NOT EXISTS vector\`.execute(db);`,
    'the CREATE EXTENSION statement',
  );
  replaceExactly(
    first,
    'sql`vector(${sql.raw(String(EMBEDDING_DIMENSIONS))})`',
    'vectorAvailable ? sql`vector(${sql.raw(String(EMBEDDING_DIMENSIONS))})` : sql`real[]`',
    'the vector(1536) column',
  );
  replaceExactly(
    first,
    '  await sql`\n    CREATE INDEX IF NOT EXISTS idx_page_embeddings_embedding_hnsw',
    '  if (vectorAvailable) await sql`\n    CREATE INDEX IF NOT EXISTS idx_page_embeddings_embedding_hnsw',
    'the HNSW index',
  );
  replaceExactly(
    second,
    '  await sql`\n    ALTER TABLE page_embeddings\n      ALTER COLUMN embedding TYPE vector USING embedding::vector',
    `  ${available}\n  if (vectorAvailable) await sql\`\n    ALTER TABLE page_embeddings\n      ALTER COLUMN embedding TYPE vector USING embedding::vector`,
    'the ALTER COLUMN … TYPE vector statement',
  );
  return [
    'pgvector is not in this PostgreSQL: the page_embeddings migrations (20260617T120000, 20260617T140000) skip the vector extension, its column type (real[] instead) and the HNSW index when the extension is unavailable',
  ];
}

/**
 * Docmost's image runs Node 22; its Redis collaboration sync calls `Promise.withResolvers`
 * (Node 22) for a server-side Yjs event on a page another instance owns. On an older Node a
 * preload (`node --require`) supplies it. Returns the preload's path, or undefined when this
 * Node has it.
 */
export function promiseWithResolversPreload(directory: string): {
  preload?: string;
  adaptations: string[];
} {
  if (
    typeof (Promise as { withResolvers?: unknown }).withResolvers === 'function'
  )
    return { adaptations: [] };
  const preload = join(directory, 'promise-with-resolvers.cjs');
  writeFileSync(
    preload,
    [
      "// Node 20 lacks Promise.withResolvers (Node 22), which Docmost's collaboration sync calls.",
      'if (typeof Promise.withResolvers !== "function") {',
      '  Promise.withResolvers = function withResolvers() {',
      '    let resolve, reject;',
      '    const promise = new this((res, rej) => { resolve = res; reject = rej; });',
      '    return { promise, resolve, reject };',
      '  };',
      '}',
      '',
    ].join('\n'),
  );
  return {
    preload,
    adaptations: [
      `Node ${process.version} lacks Promise.withResolvers (Docmost's image runs Node 22): the server starts with --require ${preload}`,
    ],
  };
}
