import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../database';
import {
  docmostPageVisible,
  type PageVisibilityCondition,
} from '../../database/page-permission-sql';
import type {
  CommentCountRequest,
  CommentCountResult,
  CommentSignalSource,
  CommentWatermarkBound,
  PageCommentCount,
  EmbeddedCommentClaim,
} from '../session';
import { selectPagesInSpace } from './database-pages-in-space';
import { isUuid } from '../../ground';

export interface DatabaseCommentSourceOptions {
  /**
   * `grouped` (default): one query counts every page of a request. `per-page`: one query per
   * page, modelling Docmost's REST-only MCP server (a `listComments` call per page).
   */
  readonly mode?: CommentSignalSource['mode'];
  /** `statement_timeout` of the count, in milliseconds; default 1000. */
  readonly statementTimeoutMs?: number;
  /**
   * A pool whose connections open with `statement_timeout` already set to `statementTimeoutMs`
   * (`openCommentCountDatabase`): each count is then one statement in one round trip. Without
   * it the count runs on `db` inside a transaction that sets the timeout locally first (BEGIN,
   * set_config, COMMIT: three more round trips).
   */
  readonly countDatabase?: Kysely<DB>;
  /** Page-level permissions: pages the caller may not see are never counted. Default Docmost's rules. */
  readonly visiblePage?: PageVisibilityCondition;
}

/**
 * Counting stops here per page: a signal then says "10000", still a call to read them. The
 * ordered, limited scan per page is also what makes PostgreSQL walk the (page_id, created_at)
 * index range instead of every comment the page ever had.
 */
const MAX_COUNTED_PER_PAGE = 10_000;

/** Exact to the microsecond and independent of the session's TimeZone and DateStyle. */
const TIMESTAMP_TEXT = 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"';

interface CountRow {
  readonly baseline: string;
  /** Present when the request carried a claim. */
  readonly claimed?: ReadonlyArray<{
    pageId: string;
    won: boolean;
    watermark: string;
  }>;
  readonly pages: ReadonlyArray<{
    page: string;
    title: string | null;
    total: number;
    latest: string;
    after: string;
  }>;
}

function validate(
  request: CommentCountRequest,
  mode: CommentSignalSource['mode'],
): void {
  if (request.pages.length === 0)
    throw new RangeError(
      'countNewComments needs at least one page; an empty working set must not query',
    );
  if (mode === 'per-page' && request.pages.length !== 1) {
    throw new RangeError(
      `a per-page comment source counts exactly one page per call, got ${request.pages.length}`,
    );
  }
  const seen = new Set<string>();
  for (const { pageId } of request.pages) {
    if (!isUuid(pageId))
      throw new RangeError(
        `page id "${pageId}" is not a uuid; resolve slug ids before counting`,
      );
    if (seen.has(pageId))
      throw new RangeError(
        `page ${pageId} is listed twice; each page may appear once`,
      );
    seen.add(pageId);
  }
  for (const [name, value] of [
    ['workspaceId', request.workspaceId],
    ['userId', request.userId],
    ['agent.userId', request.agent.userId],
    ['agent.chatId', request.agent.chatId],
    ['previousTurnOfChatId', request.previousTurnOfChatId],
  ] as const) {
    if (value !== undefined && !isUuid(value))
      throw new RangeError(`${name} "${value}" is not a uuid`);
  }
}

function splitBound(
  bound: CommentWatermarkBound | undefined,
): [at: string | null, millisecondsAgo: number | null] {
  if (bound === undefined) return [null, null];
  return 'database' in bound
    ? [bound.database, null]
    : [null, Math.max(0, bound.millisecondsAgo)];
}

/** The agent's own comments are not news: the same chat's, or on MCP the same user's. */
function notWrittenByAgent(
  agent: CommentCountRequest['agent'],
): RawBuilder<boolean> {
  const sameAgent =
    agent.chatId !== undefined
      ? sql`c.ai_chat_id is not distinct from ${agent.chatId}::uuid`
      : sql`c.creator_id is not distinct from ${agent.userId}::uuid`;
  return sql<boolean>`not (c.created_source = 'agent' and ${sameAgent})`;
}

/**
 * One statement: the resolved baseline plus, per page with news, a count, the title and the
 * newest `created_at`. It never reads `comments.content`. Pages count only in the caller's
 * workspace, undeleted, in a space the caller belongs to (directly or through a group) and
 * allowed by page-level permissions, so a page id the model made up or may not see yields nothing.
 */
function countQuery(
  request: CommentCountRequest,
  visiblePage: PageVisibilityCondition,
): RawBuilder<CountRow> {
  const pageIds = request.pages.map((page) => page.pageId);
  const bounds = request.pages.map((page) => splitBound(page.after));
  const [baselineAt, baselineMillisecondsAgo] = splitBound(request.baseline);
  const counts = sql`
            select count(*) as total, max(recent.created_at) as latest
            from (
              select c.created_at from comments c
              where c.page_id = v.id and c.created_at > v.after
                and c.workspace_id = ${request.workspaceId}::uuid and c.deleted_at is null and ${notWrittenByAgent(request.agent)}
              order by c.created_at desc
              limit ${sql.lit(MAX_COUNTED_PER_PAGE)}
            ) recent
          `;
  return sql<CountRow>`
    with requested as (
      select r.page_id, r.after_at, r.after_ms
      from unnest(${pageIds}::uuid[], ${bounds.map((bound) => bound[0])}::text[]::timestamptz[], ${bounds.map((bound) => bound[1])}::float8[])
        as r(page_id, after_at, after_ms)
    ),
    resolved as (
      select least(
        coalesce(${baselineAt}::text::timestamptz, now() - ${baselineMillisecondsAgo}::float8 * interval '1 millisecond'),
        (select max(m.created_at) from ai_chat_messages m
          where m.chat_id = ${request.previousTurnOfChatId ?? null}::uuid and m.workspace_id = ${request.workspaceId}::uuid
            and m.role = 'assistant' and m.deleted_at is null)
      ) as at
    ),
    visible as (
      select p.id, p.title,
        coalesce(r.after_at, now() - r.after_ms * interval '1 millisecond', (select at from resolved)) as after
      from requested r
      join pages p on p.id = r.page_id
      where p.workspace_id = ${request.workspaceId}::uuid and p.deleted_at is null
        and p.space_id in (
          select sm.space_id from space_members sm join spaces s on s.id = sm.space_id
          where s.workspace_id = ${request.workspaceId}::uuid and s.deleted_at is null and sm.deleted_at is null
            and (sm.user_id = ${request.userId}::uuid
              or sm.group_id in (select gu.group_id from group_users gu where gu.user_id = ${request.userId}::uuid))
        )
        and ${visiblePage({ userId: request.userId, workspaceId: request.workspaceId }, { id: sql.ref('p.id'), spaceId: sql.ref('p.space_id') })}
    )${request.claim === undefined ? sql`` : claimCtes(request.claim, counts)}
    select
      to_char((select at from resolved) at time zone 'UTC', ${TIMESTAMP_TEXT}) as baseline,
      ${request.claim === undefined ? pagesWithNews(counts) : CLAIMED_PAGES_WITH_NEWS}`;
}

/** Per page with news: its count, title, newest comment and the bound it was counted from. */
function pagesWithNews(counts: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`coalesce(
        (select json_agg(json_build_object(
          'page', v.id, 'title', v.title, 'total', n.total, 'latest', to_char(n.latest at time zone 'UTC', ${TIMESTAMP_TEXT}),
          'after', to_char(v.after at time zone 'UTC', ${TIMESTAMP_TEXT})))
          from visible v
          cross join lateral (${counts}) n
          where n.total > 0),
        '[]'::json
      ) as pages`;
}

/**
 * With a claim, the pages with news are the relation `counted` the claim reads (each page
 * counted once), and the claim's outcome comes back beside them.
 */
function claimCtes(
  claim: EmbeddedCommentClaim,
  counts: RawBuilder<unknown>,
): RawBuilder<unknown> {
  return sql`, counted as (
      select v.id as page_id, v.title, n.total, n.latest, v.after
      from visible v
      cross join lateral (${counts}) n
      where n.total > 0
    )${claim.ctes}`;
}

const CLAIMED_PAGES_WITH_NEWS = sql`coalesce(
        (select json_agg(json_build_object(
          'page', counted.page_id, 'title', counted.title, 'total', counted.total,
          'latest', to_char(counted.latest at time zone 'UTC', ${TIMESTAMP_TEXT}),
          'after', to_char(counted.after at time zone 'UTC', ${TIMESTAMP_TEXT})))
          from counted),
        '[]'::json
      ) as pages,
      (select coalesce(json_agg(json_build_object('pageId', outcome.page_id, 'won', outcome.won, 'watermark', outcome.watermark)), '[]'::json)
        from claim_outcome outcome) as claimed`;

/**
 * New-comment counts straight from Docmost's tables, each under its own `statement_timeout`
 * (the count pool's, or set locally in a transaction), so a slow count is cancelled by the
 * server instead of holding the tool.
 */
export function createDatabaseCommentSource(
  db: Kysely<DB>,
  options: DatabaseCommentSourceOptions = {},
): CommentSignalSource {
  const mode = options.mode ?? 'grouped';
  const statementTimeoutMs = options.statementTimeoutMs ?? 1000;
  const visiblePage = options.visiblePage ?? docmostPageVisible;
  const countDatabase = options.countDatabase;
  if (!Number.isInteger(statementTimeoutMs) || statementTimeoutMs < 1) {
    throw new RangeError(
      `statementTimeoutMs must be a positive integer of milliseconds, got ${statementTimeoutMs}`,
    );
  }
  return {
    mode,
    embedsClaims: true,
    async countNewComments(request) {
      validate(request, mode);
      const row = countDatabase
        ? (await countQuery(request, visiblePage).execute(countDatabase))
            .rows[0]
        : await db.transaction().execute(async (transaction) => {
            await sql`select set_config('statement_timeout', ${String(statementTimeoutMs)}, true)`.execute(
              transaction,
            );
            const { rows } = await countQuery(request, visiblePage).execute(
              transaction,
            );
            return rows[0];
          });
      if (row === undefined)
        throw new Error('the comment count returned no row');
      const order = new Map(
        request.pages.map((page, index) => [page.pageId, index]),
      );
      const pages: PageCommentCount[] = row.pages
        .map((page) => ({
          pageId: page.page,
          title: page.title,
          count: Number(page.total),
          latest: page.latest,
          after: page.after,
        }))
        .sort(
          (left, right) =>
            (order.get(left.pageId) ?? 0) - (order.get(right.pageId) ?? 0),
        );
      return {
        baseline: row.baseline,
        pages,
        ...(row.claimed === undefined ? {} : { claimed: row.claimed }),
      } satisfies CommentCountResult;
    },
    pagesInSpace: (request) => selectPagesInSpace(db, request),
  };
}
