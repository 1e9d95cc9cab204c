import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  mergeCommentPagesSql,
  outgoingCommentPagesSql,
  parseCarriedCommentPages,
  readCommentPagesSql,
  type ClaimedPage,
  type EmbeddedCommentClaim,
  type OutgoingCommentPage,
} from '../comment-signal';
import type {
  McpSessionCaller,
  McpSessionStore,
  StoredMcpSession,
} from './mcp-session-store';

/** Exact to the microsecond and independent of the session's TimeZone and DateStyle. */
const TIMESTAMP_TEXT = 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"';

export interface DatabaseMcpSessionBounds {
  readonly maxSessionsPerUser: number;
  readonly idleTimeoutMs: number;
  /** Working-set pages kept per session, least recently touched dropped first. */
  readonly maxWorkingSetPages: number;
}

interface SessionRow {
  readonly started: string;
  readonly pages: unknown;
}

/**
 * The claim as CTEs after a relation `counted` (page_id uuid, after timestamptz, latest
 * timestamptz), defining `claim_outcome` (page_id, won, watermark). The session's row is locked
 * first (`for update`), so claims of one session run one after another and each reads the row
 * as the one before it left it (a waiting `for update` gets the latest committed version). A
 * page is won while its stored watermark is not past the count's `after`; the update merges
 * the session's state and moves each won page to its `latest`; a lost page keeps the stored
 * watermark. Without news and without a change of state the row is neither locked nor written.
 */
function claimCommentPagesCtes(
  sessionId: string,
  caller: McpSessionCaller,
  pages: readonly OutgoingCommentPage[],
  stateChanged: boolean,
  maxWorkingSetPages: number,
): RawBuilder<unknown> {
  return sql`, session_locked as (
      select session.id, session.comment_signal from ai_tools_mcp_sessions session
      where session.id = ${sessionId}::uuid and session.user_id = ${caller.userId}::uuid
        and session.workspace_id = ${caller.workspaceId}::uuid
        and (${stateChanged}::boolean or exists (select 1 from counted))
      for update
    ), session_claims as (
      select counted.page_id::text as page_id, counted.latest, counted.after,
        (select max((held.value->>'watermark')::timestamptz)
          from jsonb_array_elements(session_locked.comment_signal) as held(value)
          where held.value->>'pageId' = counted.page_id::text) as held
      from session_locked, counted
    ), session_decided as (
      select claim.page_id, claim.latest, claim.held,
        claim.held is null or claim.held <= claim.after as won
      from session_claims claim
    ), session_updated as (
      update ai_tools_mcp_sessions as session set comment_signal =
        ${mergeCommentPagesSql(
          sql`session_locked.comment_signal`,
          sql`(${outgoingCommentPagesSql(pages)} || (
            select coalesce(jsonb_agg(jsonb_build_object(
              'pageId', decided.page_id,
              'watermark', to_char(decided.latest at time zone 'UTC', ${TIMESTAMP_TEXT}))), '[]'::jsonb)
            from session_decided decided where decided.won))`,
          maxWorkingSetPages,
        )}
      from session_locked where session.id = session_locked.id
      returning session.id
    ), claim_outcome as (
      select decided.page_id, decided.won,
        to_char((case when decided.won then greatest(decided.held, decided.latest) else decided.held end)
          at time zone 'UTC', ${TIMESTAMP_TEXT}) as watermark
      from session_decided decided
    )`;
}

/**
 * MCP sessions in `ai_tools_mcp_sessions` (module migration `20261205T230000-mcp-sessions`).
 * `last_used_at` is written at most every minute (half the idle timeout when shorter), so a
 * busy session's requests read and do not write; the comment signal's column is merged in SQL
 * exactly as a chat's memory is, so two instances writing one session at once lose nothing,
 * and news is claimed under the row's lock, so two calls never report one comment.
 */
export function createDatabaseMcpSessionStore(
  db: Kysely<any>,
  bounds: DatabaseMcpSessionBounds,
): McpSessionStore {
  const touchAfterMs = Math.max(
    1,
    Math.min(60_000, Math.floor(bounds.idleTimeoutMs / 2)),
  );
  return {
    async open(sessionId, caller): Promise<StoredMcpSession> {
      const { rows } = await sql<{ started: string }>`
        with created as (
          insert into ai_tools_mcp_sessions (id, workspace_id, user_id)
          values (${sessionId}::uuid, ${caller.workspaceId}::uuid, ${caller.userId}::uuid)
          returning started_at
        ), evicted as (
          delete from ai_tools_mcp_sessions
          where id in (
            select id from ai_tools_mcp_sessions
            where user_id = ${caller.userId}::uuid
            order by last_used_at desc, started_at desc
            offset ${bounds.maxSessionsPerUser - 1}::int)
        )
        select to_char(created.started_at at time zone 'UTC', ${TIMESTAMP_TEXT}) as started from created`.execute(
        db,
      );
      return { startedAt: rows[0]!.started, commentPages: [] };
    },

    async find(sessionId, caller): Promise<StoredMcpSession | undefined> {
      const { rows } = await sql<SessionRow>`
        with found as (
          select session.id, session.started_at, session.last_used_at,
            ${readCommentPagesSql(sql`session.comment_signal`)} as pages
          from ai_tools_mcp_sessions session
          where session.id = ${sessionId}::uuid
            and session.user_id = ${caller.userId}::uuid
            and session.workspace_id = ${caller.workspaceId}::uuid
            and session.last_used_at > now() - ${bounds.idleTimeoutMs}::float8 * interval '1 millisecond'
        ), touched as (
          update ai_tools_mcp_sessions set last_used_at = now()
          where id = (select id from found)
            and last_used_at < now() - ${touchAfterMs}::float8 * interval '1 millisecond'
        )
        select to_char(found.started_at at time zone 'UTC', ${TIMESTAMP_TEXT}) as started, found.pages
        from found`.execute(db);
      const row = rows[0];
      if (row === undefined) return undefined;
      return {
        startedAt: row.started,
        commentPages: parseCarriedCommentPages(row.pages),
      };
    },

    async saveCommentPages(sessionId, caller, pages): Promise<void> {
      await sql`
        update ai_tools_mcp_sessions as session set comment_signal =
          ${mergeCommentPagesSql(sql`session.comment_signal`, outgoingCommentPagesSql(pages), bounds.maxWorkingSetPages)}
        where session.id = ${sessionId}::uuid and session.user_id = ${caller.userId}::uuid
          and session.workspace_id = ${caller.workspaceId}::uuid`.execute(db);
    },

    async claimCommentPages(
      sessionId,
      caller,
      pages,
      claims,
    ): Promise<readonly ClaimedPage[]> {
      const requested = JSON.stringify(
        claims.map(({ pageId, after, latest }) => ({
          page_id: pageId,
          after,
          latest,
        })),
      );
      const { rows } = await sql<ClaimedPage>`
        with counted as (
          select requested.page_id, requested.after, requested.latest
          from jsonb_to_recordset(${requested}::text::jsonb)
            as requested(page_id uuid, after timestamptz, latest timestamptz)
        )${claimCommentPagesCtes(
          sessionId,
          caller,
          pages,
          true,
          bounds.maxWorkingSetPages,
        )}
        select outcome.page_id as "pageId", outcome.won, outcome.watermark
        from claim_outcome outcome`.execute(db);
      return rows.map((row) => ({
        pageId: row.pageId,
        won: row.won,
        watermark: row.watermark,
      }));
    },

    embeddedClaim(sessionId, caller, pages, stateChanged) {
      return {
        ctes: claimCommentPagesCtes(
          sessionId,
          caller,
          pages,
          stateChanged,
          bounds.maxWorkingSetPages,
        ),
      };
    },

    async close(sessionId, caller): Promise<boolean> {
      const { rows } = await sql`
        delete from ai_tools_mcp_sessions
        where id = ${sessionId}::uuid and user_id = ${caller.userId}::uuid
          and workspace_id = ${caller.workspaceId}::uuid
        returning id`.execute(db);
      return rows.length > 0;
    },

    async closeIdle(): Promise<number> {
      const { rows } = await sql`
        delete from ai_tools_mcp_sessions
        where last_used_at < now() - ${bounds.idleTimeoutMs}::float8 * interval '1 millisecond'
        returning id`.execute(db);
      return rows.length;
    },
  };
}
