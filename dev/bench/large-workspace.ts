import { sql, type Kysely, type RawBuilder } from 'kysely';
import { migrateToLatest } from '../../host/database';
import { createKysely, StartupError, type DB } from '../../src/database';
import { seedDemoWorkspace } from '../../host/seed/seed-demo-workspace';
import { SEED_IDS } from '../../host/seed/seed-ids';
import { BENCH_COMMENTERS, benchCommentContent } from './bench-rows';
import { CountQueryRecorder, type BenchCluster } from './bench-database';

/**
 * The large run's database. Building it takes minutes, so it is kept between runs (reused when
 * its volume matches) and dropped only on request (`--drop-large`).
 */
export const LARGE_BENCH_DATABASE_NAME = 'ai_tools_bench_large';

/** Where the built database records what it holds, so a run can tell whether to reuse it. */
const VOLUME_TABLE = 'bench_large_volume';
/** Bumped when the generated workspace changes shape: an older build is rebuilt, not reused. */
const GENERATOR_VERSION = 2;
/** Distinct words of the generated text: the 100 below, then `<word><n>` variants, rarer as n grows. */
export const LARGE_DISTINCT_WORDS = 2_000;

export interface LargeVolume {
  readonly pages: number;
  readonly comments: number;
}

export interface LargeWorkspace {
  readonly db: Kysely<DB>;
  /** The URL of the large database (the count pool connects there too). */
  readonly url: string;
  /** The comment-signal count statements `db` sent, the last one kept (to time and explain it alone). */
  readonly recorder: CountQueryRecorder;
  readonly volume: LargeVolume;
  /** Pages by comment count, busiest first: the working sets are taken from the front. */
  readonly busiestPageIds: readonly string[];
  /** The page of about 5 MB of text (the search's worst case). */
  readonly hugePageId: string;
  /** Whether this run built the database (false: an earlier run's was reused). */
  readonly built: boolean;
  /**
   * How long ago the comments were generated, in milliseconds: "the last ten minutes" of the
   * generated comments means ten minutes before the build, so watermarks are set back by this.
   */
  readonly ageMs: number;
  readonly buildMs: number;
  close(): Promise<void>;
}

/** Words the generated pages are written in; search queries pick from them. */
export const LARGE_VOCABULARY = [
  'roadmap',
  'pricing',
  'onboarding',
  'release',
  'incident',
  'security',
  'billing',
  'migration',
  'customer',
  'support',
  'analytics',
  'dashboard',
  'latency',
  'database',
  'deployment',
  'kubernetes',
  'frontend',
  'backend',
  'mobile',
  'offline',
  'sync',
  'search',
  'comments',
  'permissions',
  'sharing',
  'export',
  'import',
  'markdown',
  'template',
  'workspace',
  'quarterly',
  'planning',
  'hiring',
  'interview',
  'budget',
  'forecast',
  'revenue',
  'contract',
  'vendor',
  'compliance',
  'audit',
  'privacy',
  'retention',
  'backup',
  'restore',
  'monitoring',
  'alerting',
  'oncall',
  'runbook',
  'postmortem',
  'design',
  'research',
  'prototype',
  'feedback',
  'survey',
  'persona',
  'journey',
  'wireframe',
  'accessibility',
  'localization',
  'translation',
  'glossary',
  'style',
  'guideline',
  'architecture',
  'decision',
  'proposal',
  'review',
  'approval',
  'milestone',
  'sprint',
  'backlog',
  'estimate',
  'velocity',
  'retrospective',
  'standup',
  'okr',
  'metric',
  'experiment',
  'rollout',
  'feature',
  'flag',
  'beta',
  'launch',
  'announcement',
  'newsletter',
  'webinar',
  'partner',
  'integration',
  'webhook',
  'api',
  'sdk',
  'token',
  'oauth',
  'sso',
  'ldap',
  'invoice',
  'refund',
  'subscription',
  'renewal',
] as const;

/** A deterministic uniform number in [0, 1) from `md5(<key>)`, so every build is the same workspace. */
function uniform(key: RawBuilder<unknown>): RawBuilder<number> {
  // float8, not numeric: numeric power() costs tens of microseconds a call, millions of times.
  return sql<number>`(('x' || substr(md5(${key}), 1, 8))::bit(32)::bigint::float8 / 4294967296.0)`;
}

async function databaseExists(
  admin: Kysely<DB>,
  name: string,
): Promise<boolean> {
  const { rows } = await sql<{
    found: boolean;
  }>`select exists (select 1 from pg_database where datname = ${name}) as found`.execute(
    admin,
  );
  return rows[0]?.found === true;
}

/** A database name this module may create and drop: lowercase letters, digits, underscores. */
function checkedName(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name))
    throw new RangeError(
      `"${name}" is not a usable database name: lowercase letters, digits and underscores, at most 63`,
    );
  return name;
}

async function recordedVolume(
  db: Kysely<DB>,
): Promise<(LargeVolume & { generator: number }) | undefined> {
  const { rows } = await sql<{
    present: boolean;
  }>`select to_regclass(${VOLUME_TABLE}) is not null as present`.execute(db);
  if (rows[0]?.present !== true) return undefined;
  const volume = await sql<
    LargeVolume & { generator: number }
  >`select * from ${sql.table(VOLUME_TABLE)}`.execute(db);
  return volume.rows[0];
}

/**
 * Word `k` of the generated language: the vocabulary's own words for k < 100, then variants
 * (`roadmap7`, `pricing12`). Drawn as `k = floor(2000 * u^2.5)`, word frequencies fall off like
 * a natural language's: a few words on most pages, most words on about 1 % of them.
 */
function generatedWord(uniformValue: RawBuilder<number>): RawBuilder<string> {
  const rank = sql`floor(${LARGE_DISTINCT_WORDS}::int * power(${uniformValue}, 2.5))::int`;
  return sql<string>`(select case when k < 100 then v[1 + k] else v[1 + k % 100] || (k / 100)::text end from (select ${rank} as k) drawn)`;
}

async function insertPages(db: Kysely<DB>, pages: number): Promise<void> {
  const vocabulary = [...LARGE_VOCABULARY];
  const words = vocabulary.length;
  // 40 words of body per page, the title three of them; created over two years; one page in ten
  // in the space the member does not belong to, so search's access rules have work to do.
  await sql`
    insert into pages (slug_id, title, content, text_content, position, space_id, workspace_id, creator_id, created_at, updated_at)
    select 'large' || lpad(i::text, 7, '0'), title, jsonb_build_object('type', 'doc', 'content', jsonb_build_array(
        jsonb_build_object('type', 'paragraph', 'attrs', jsonb_build_object('id', 'p' || i), 'content', jsonb_build_array(jsonb_build_object('type', 'text', 'text', body))))),
      body, 'l' || lpad(i::text, 7, '0'),
      case when i % 10 = 0 then ${SEED_IDS.spaces.leadership}::uuid else ${SEED_IDS.spaces.product}::uuid end,
      ${SEED_IDS.workspace}::uuid, ${SEED_IDS.users.owner}::uuid, at, at
    from (
      select i, now() - interval '730 days' * ${uniform(sql`'page' || i`)} as at,
        initcap(v[1 + i % ${words}::int]) || ' ' || v[1 + (i / ${words}::int) % ${words}::int] || ' ' || i as title,
        (select string_agg(${generatedWord(uniform(sql`i || '-' || j`))}, ' ') from generate_series(1, 40) j) as body
      from generate_series(1, ${pages}::int) i, (select ${vocabulary}::text[] as v) vocabulary
    ) generated`.execute(db);
}

/** One page of about 5 MB of text: what made query-time to_tsvector take seconds. */
async function insertHugePage(db: Kysely<DB>): Promise<void> {
  const paragraph = `${LARGE_VOCABULARY.join(' ')}. `;
  const repeats = Math.ceil((5 * 1024 * 1024) / paragraph.length);
  await sql`
    insert into pages (slug_id, title, content, text_content, position, space_id, workspace_id, creator_id)
    values ('largehuge', 'Huge handbook', '{"type":"doc","content":[]}'::jsonb, repeat(${paragraph}, ${repeats}::int), 'l9999999',
      ${SEED_IDS.spaces.product}::uuid, ${SEED_IDS.workspace}::uuid, ${SEED_IDS.users.owner}::uuid)`.execute(
    db,
  );
}

/**
 * Comments skewed like a real workspace: only the busiest tenth of the pages has any, and the
 * page is drawn as `floor(hot * u²)`, so the top pages get thousands and most get few. Spread
 * over two years, 0.1 % in the last ten minutes, 10 % agent-made, 2 % deleted. In batches, so
 * progress shows and no single statement holds the machine for minutes.
 */
async function insertComments(
  db: Kysely<DB>,
  volume: LargeVolume,
  log: (line: string) => void,
): Promise<void> {
  const hot = Math.max(1, Math.floor(volume.pages / 10));
  const recentEvery = 1000;
  const batch = 200_000;
  for (let from = 1; from <= volume.comments; from += batch) {
    const to = Math.min(volume.comments, from + batch - 1);
    await sql`
      with numbered as (
        select i, floor(${hot}::int * power(${uniform(sql`'page' || i || 'c'`)}, 2))::bigint as rank from generate_series(${from}::int, ${to}::int) i
      )
      insert into comments (content, type, creator_id, page_id, space_id, workspace_id, created_at, updated_at, created_source, deleted_at)
      select ${benchCommentContent('A comment of the large benchmark.')}::text::jsonb,
        'inline', (${BENCH_COMMENTERS}::uuid[])[1 + n.i % 3], p.id, p.space_id, ${SEED_IDS.workspace}::uuid,
        case when n.i % ${recentEvery}::int = 0 then now() - interval '10 minutes' * ${uniform(sql`'recent' || n.i`)}
             else now() - interval '10 minutes' - interval '730 days' * ${uniform(sql`'at' || n.i`)} end,
        now(), case when n.i % 10 = 3 then 'agent' else 'user' end, case when n.i % 50 = 7 then now() else null end
      from numbered n join bench_large_page_order p on p.rank = n.rank`.execute(
      db,
    );
    log(
      `  comments ${to.toLocaleString('en-US')} / ${volume.comments.toLocaleString('en-US')}`,
    );
  }
}

async function busiestPages(db: Kysely<DB>): Promise<string[]> {
  const { rows } = await sql<{ pageId: string }>`
    select page_id from comments where deleted_at is null group by page_id order by count(*) desc, page_id limit 50`.execute(
    db,
  );
  return rows.map((row) => row.pageId);
}

async function build(
  db: Kysely<DB>,
  volume: LargeVolume,
  log: (line: string) => void,
): Promise<void> {
  await migrateToLatest(db);
  await seedDemoWorkspace(db);
  log(
    `  ${volume.pages.toLocaleString('en-US')} pages (the search trigger fills pages.tsv)`,
  );
  await insertPages(db, volume.pages);
  await insertHugePage(db);
  // Page by rank for the comment generator (a plain table: each statement may get another pooled connection).
  await sql`create unlogged table bench_large_page_order as select row_number() over (order by slug_id) - 1 as rank, id, space_id from pages where slug_id like 'large0%'`.execute(
    db,
  );
  await sql`create index on bench_large_page_order (rank)`.execute(db);
  await insertComments(db, volume, log);
  await sql`drop table bench_large_page_order`.execute(db);
  log(
    '  vacuum analyze (visibility map for index-only scans, statistics for the planner)',
  );
  await sql`vacuum analyze comments`.execute(db);
  await sql`vacuum analyze pages`.execute(db);
  await sql`create table ${sql.table(VOLUME_TABLE)} (pages int not null, comments int not null, generator int not null, built_at timestamptz not null default now())`.execute(
    db,
  );
  await sql`insert into ${sql.table(VOLUME_TABLE)} (pages, comments, generator) values (${volume.pages}, ${volume.comments}, ${GENERATOR_VERSION})`.execute(
    db,
  );
}

function largeUrl(cluster: BenchCluster, name: string): string {
  const url = new URL(cluster.adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(
  cluster: BenchCluster,
  run: (admin: Kysely<DB>) => Promise<T>,
): Promise<T> {
  const admin = createKysely({ connectionString: cluster.adminUrl, max: 1 });
  try {
    return await run(admin);
  } finally {
    await admin.destroy();
  }
}

/** Drops the large run's database (`--drop-large`); nothing when it does not exist. */
export async function dropLargeWorkspace(
  cluster: BenchCluster,
  name = LARGE_BENCH_DATABASE_NAME,
): Promise<void> {
  await withAdmin(cluster, (admin) =>
    sql
      .raw(`drop database if exists ${checkedName(name)} with (force)`)
      .execute(admin),
  );
}

/**
 * The large workspace: reused when an earlier run built one of the same volume, otherwise
 * (re)built with set-based SQL. Its pool has no statement timeout (the build runs statements
 * of a minute); the measured sources open their own connections.
 */
export async function openLargeWorkspace(
  cluster: BenchCluster,
  volume: LargeVolume,
  log: (line: string) => void,
  name = LARGE_BENCH_DATABASE_NAME,
): Promise<LargeWorkspace> {
  checkedName(name);
  const startedAt = Date.now();
  const recorder = new CountQueryRecorder();
  const url = largeUrl(cluster, name);
  const connect = () =>
    createKysely({
      connectionString: url,
      driver: cluster.driver,
      max: 4,
      statementTimeoutMs: 0,
      log: (event) => recorder.record(event.query),
    });
  let built = false;
  let db: Kysely<DB>;
  const exists = await withAdmin(cluster, (admin) =>
    databaseExists(admin, name),
  );
  db = connect();
  const recorded = exists ? await recordedVolume(db) : undefined;
  if (
    recorded === undefined ||
    recorded.pages !== volume.pages ||
    recorded.comments !== volume.comments ||
    recorded.generator !== GENERATOR_VERSION
  ) {
    await db.destroy();
    log(
      `building ${name}: ${volume.pages.toLocaleString('en-US')} pages, ${volume.comments.toLocaleString('en-US')} comments (kept for later runs)`,
    );
    await dropLargeWorkspace(cluster, name);
    await withAdmin(cluster, (admin) =>
      sql
        .raw(`create database ${name}`)
        .execute(admin)
        .catch((error: unknown) => {
          throw new StartupError(
            `cannot create ${name} (${(error as Error).message}); the DATABASE_URL user needs CREATEDB`,
            'DATABASE_URL',
            { cause: error },
          );
        }),
    );
    db = connect();
    await build(db, volume, log);
    built = true;
  } else {
    log(`reusing ${name} built earlier (drop it with --drop-large)`);
    await migrateToLatest(db);
  }
  const { rows } = await sql<{
    id: string;
  }>`select id from pages where slug_id = 'largehuge'`.execute(db);
  const age = await sql<{
    ageMs: number;
  }>`select (extract(epoch from now() - built_at) * 1000)::float8 as age_ms from ${sql.table(VOLUME_TABLE)}`.execute(
    db,
  );
  const opened = db;
  return {
    db: opened,
    url,
    recorder,
    volume,
    busiestPageIds: await busiestPages(opened),
    hugePageId: rows[0]!.id,
    built,
    ageMs: Math.max(0, Math.round(age.rows[0]?.ageMs ?? 0)),
    buildMs: Date.now() - startedAt,
    close: () => opened.destroy(),
  };
}
