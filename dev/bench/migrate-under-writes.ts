import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import { SEED_IDS } from '../../host/seed/seed-ids';
import { seedDemoWorkspace } from '../../host/seed/seed-demo-workspace';
import { createKysely } from '../../src/database';
import {
  migrateAiToolsModule,
  revertAiToolsModule,
} from '../../src/database/migrate-module';
import { createBenchDatabase, type BenchCluster } from './bench-database';
import { BENCH_COMMENTERS, benchCommentContent } from './bench-rows';
import { addCommentVolume } from './comment-volume';

/** Comment writes while an index on `comments` builds: how long the slowest waited. */
export interface WritesDuringBuild {
  /** How long the build (the module's migrations, or the plain statement) took, in ms. */
  readonly buildMs: number;
  /** Comments one writer stored, one after the other, while it ran. */
  readonly writes: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
}

export interface MigrateUnderWritesFigures {
  readonly comments: number;
  /** `migrateAiToolsModule`: the comment index built concurrently. */
  readonly moduleMigrations: WritesDuringBuild;
  /** The same index as a plain `create index` in a transaction, for contrast (what it replaced). */
  readonly plainCreateIndex: WritesDuringBuild;
}

function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return 0;
  return sorted[
    Math.min(sorted.length - 1, Math.floor(sorted.length * share))
  ]!;
}

/** Runs `build` while one connection writes comments back to back; the writes' latencies. */
async function writesDuring(
  writer: Kysely<any>,
  pageId: string,
  build: () => Promise<unknown>,
): Promise<WritesDuringBuild> {
  let building = true;
  const latencies: number[] = [];
  const writing = (async () => {
    for (let i = 0; building; i++) {
      const started = performance.now();
      await sql`
        insert into comments (content, type, creator_id, page_id, space_id, workspace_id)
        values (${benchCommentContent('Written during the build.')}::text::jsonb, 'page',
          ${BENCH_COMMENTERS[i % BENCH_COMMENTERS.length]!}::uuid, ${pageId}::uuid,
          ${SEED_IDS.spaces.product}::uuid, ${SEED_IDS.workspace}::uuid)`.execute(
        writer,
      );
      latencies.push(performance.now() - started);
    }
  })();
  // The writer runs on its own first, so the build starts among writes already flowing.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const started = performance.now();
  await build();
  const buildMs = performance.now() - started;
  building = false;
  await writing;
  const sorted = [...latencies].sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    buildMs: Math.round(buildMs),
    writes: latencies.length,
    p50Ms: round(percentile(sorted, 0.5)),
    p99Ms: round(percentile(sorted, 0.99)),
    maxMs: round(sorted[sorted.length - 1] ?? 0),
  };
}

/**
 * `migrate: true` on a Docmost with `comments` comments: the module's migrations build their
 * index concurrently while a writer stores comments one after the other; then, for contrast, the
 * same index as a plain `create index` inside a transaction (the migrations before issue 34).
 */
export async function measureMigrateUnderWrites(
  cluster: BenchCluster,
  comments: number,
  log: (line: string) => void = () => undefined,
): Promise<MigrateUnderWritesFigures> {
  const bench = await createBenchDatabase(cluster);
  try {
    const db = bench.db as Kysely<any>;
    await seedDemoWorkspace(bench.db);
    log(`generating ${comments} comments`);
    const volume = await addCommentVolume(bench.db, {
      pages: 1_000,
      comments,
    });
    const pageId = volume.pageIds[0]!;
    await revertAiToolsModule(db);
    const url = new URL(cluster.adminUrl);
    url.pathname = '/ai_tools_bench';
    const writer = createKysely({
      connectionString: url.toString(),
      driver: cluster.driver,
      max: 1,
    });
    try {
      log('migrate (concurrent index build) under writes');
      const moduleMigrations = await writesDuring(writer, pageId, () =>
        migrateAiToolsModule(db),
      );
      await revertAiToolsModule(db);
      log('plain create index under writes');
      const plainCreateIndex = await writesDuring(writer, pageId, () =>
        db.transaction().execute((trx) =>
          sql`create index idx_comments_page_id_created_at on comments (page_id, created_at)
            include (workspace_id, created_source, creator_id, ai_chat_id) where deleted_at is null`.execute(
            trx,
          ),
        ),
      );
      return { comments, moduleMigrations, plainCreateIndex };
    } finally {
      await writer.destroy();
    }
  } finally {
    await bench.drop();
  }
}
