import { sql, type Kysely } from 'kysely';
import type { DB } from '../../src/database';
import { SEED_IDS } from '../../host/seed/seed-ids';
import { BENCH_COMMENTERS, benchCommentContent } from './bench-rows';

export interface CommentVolumeOptions {
  /** Extra pages in the Product space (readable by every demo user). Default 200. */
  readonly pages?: number;
  /** Comments spread evenly over those pages. Default 20 000. */
  readonly comments?: number;
  /** Of those, how many were made in the last five minutes (news for a count with an older baseline). Default 1%. */
  readonly recentShare?: number;
}

export interface CommentVolume {
  readonly pageIds: readonly string[];
  readonly comments: number;
  readonly recentComments: number;
}

const PAGE_CONTENT = {
  type: 'doc',
  content: [
    {
      type: 'heading',
      attrs: { id: 'benchheading', level: 1 },
      content: [{ type: 'text', text: 'Bench page' }],
    },
    {
      type: 'paragraph',
      attrs: { id: 'benchparagrp' },
      content: [
        {
          type: 'text',
          text: 'A page of the benchmark workspace, with a hundred comments.',
        },
      ],
    },
  ],
};

/**
 * Adds a realistic comment load to the seeded workspace: `pages` pages with `comments` comments
 * spread over the last 180 days (a few in the last minutes), by all three users, one in ten by
 * an agent, one in fifty deleted. Then ANALYZE, so the planner sees the real distribution.
 */
export async function addCommentVolume(
  db: Kysely<DB>,
  options: CommentVolumeOptions = {},
): Promise<CommentVolume> {
  const pages = options.pages ?? 200;
  const comments = options.comments ?? 20_000;
  const recentComments = Math.round(comments * (options.recentShare ?? 0.01));
  const { rows: pageRows } = await sql<{ id: string }>`
    insert into pages (slug_id, title, content, text_content, position, space_id, workspace_id, creator_id)
    select 'bench' || lpad(i::text, 7, '0'), 'Bench page ' || i, ${JSON.stringify(PAGE_CONTENT)}::text::jsonb,
      'Bench page A page of the benchmark workspace, with a hundred comments.', 'b' || lpad(i::text, 6, '0'),
      ${SEED_IDS.spaces.product}::uuid, ${SEED_IDS.workspace}::uuid, ${SEED_IDS.users.owner}::uuid
    from generate_series(1, ${pages}::int) as i
    returning id`.execute(db);
  const pageIds = pageRows.map((row) => row.id);
  await sql`
    insert into comments (content, type, creator_id, page_id, space_id, workspace_id, created_at, updated_at, created_source, deleted_at)
    select ${benchCommentContent('A comment of the benchmark.')}::text::jsonb,
      'inline', (${BENCH_COMMENTERS}::uuid[])[1 + i % 3], (${pageIds}::uuid[])[1 + i % ${pages}::int],
      ${SEED_IDS.spaces.product}::uuid, ${SEED_IDS.workspace}::uuid,
      case when i <= ${recentComments}::int then now() - (i % 300) * interval '1 second'
           else now() - interval '10 minutes' - (i::float8 / ${comments}::int) * interval '180 days' end,
      now(), case when i % 10 = 0 then 'agent' else 'user' end,
      case when i % 50 = 0 then now() else null end
    from generate_series(1, ${comments}::int) as i`.execute(db);
  // As autovacuum would leave a settled table: statistics for the planner, and the visibility map
  // that lets the count read the module's covering index alone. Without it the planner sometimes
  // preferred Docmost's plain page_id index on a freshly loaded table.
  await sql`vacuum analyze comments`.execute(db);
  await sql`vacuum analyze pages`.execute(db);
  return { pageIds, comments, recentComments };
}
