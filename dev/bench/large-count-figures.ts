import { CompiledQuery, sql, type Kysely } from 'kysely';
import {
  createDatabaseCommentSource,
  openCommentCountDatabase,
  type CommentCountConnection,
  type CommentCountRequest,
} from '../../src/comment-signal';
import type { DB } from '../../src/database';
import type { CountQueryRecorder } from './bench-database';
import { COUNT_INDEX_NAME, commentScanExcerpt } from './count-query-figures';
import { timeOnce } from './latency';
import { ratio, summarizeTail, type TailLatency } from './tail-latency';

export const LARGE_WORKING_SET_SIZES = [1, 10, 50] as const;
export const LARGE_WATERMARKS = [
  { name: '10min', label: '10 minutes', millisecondsAgo: 10 * 60_000 },
  { name: '30d', label: '30 days', millisecondsAgo: 30 * 24 * 3_600_000 },
] as const;

/** Samples per figure: the cheap ones often, the slow alternatives a few times (they take up to seconds). */
export interface LargeCountRuns {
  readonly fast: number;
  readonly withoutIndex: number;
  readonly naive: number;
}

export interface LargeCountCase {
  readonly workingSetPages: number;
  /** `10min` or `30d`: how far back the watermark lies. */
  readonly watermark: string;
  /** Comments the count found (capped at 10 000 per page, as the module caps it). */
  readonly newComments: number;
  /** The module's count: one statement on the signal's count pool (statement_timeout set when each connection opens). */
  readonly module: TailLatency;
  /** The module's count before this change: the same statement in a transaction with set_config. */
  readonly moduleInTransaction: TailLatency;
  /** The very statement the module sends, alone, on the same pool: what the module adds around it is the difference. */
  readonly bareStatement: TailLatency;
  /** The bare statement with the module's index dropped (Docmost's `idx_comments_page_id` only). */
  readonly withoutIndex: TailLatency;
  /** Reading every working-set page's comments (one query per page, as a REST listComments per page would) and counting in the client. */
  readonly naivePerPage: TailLatency;
  /** p50 ratios: module / bare (≤ 1.3 is the goal), naive / module, without index / module. */
  readonly ratios: {
    readonly moduleOverBare: number;
    readonly transactionOverBare: number;
    readonly naiveOverModule: number;
    readonly withoutIndexOverModule: number;
  };
}

export interface LargeCountFigures {
  readonly countIndex: string;
  readonly statementTimeoutMs: number;
  readonly cases: readonly LargeCountCase[];
  /** `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)` of the count at 50 pages with the 30-day watermark (comments part in the readable output). */
  readonly plan: {
    readonly usesCountIndex: boolean;
    readonly lines: readonly string[];
  };
}

export interface LargeCountOptions {
  readonly db: Kysely<DB>;
  readonly recorder: CountQueryRecorder;
  readonly countConnection: CommentCountConnection;
  readonly userId: string;
  readonly workspaceId: string;
  /** Busiest pages first; each working set is a prefix. */
  readonly pageIds: readonly string[];
  /** How long ago the workspace was generated: each watermark is set back by it (see `LargeWorkspace.ageMs`). */
  readonly workspaceAgeMs: number;
  readonly runs: LargeCountRuns;
  readonly log: (line: string) => void;
}

const STATEMENT_TIMEOUT_MS = 1_000;

async function naiveCount(
  db: Kysely<DB>,
  request: CommentCountRequest,
  millisecondsAgo: number,
): Promise<number> {
  const after = Date.now() - millisecondsAgo;
  let total = 0;
  for (const { pageId } of request.pages) {
    const { rows } = await sql<{
      createdAt: Date;
      deletedAt: Date | null;
      createdSource: string;
      creatorId: string | null;
      content: unknown;
    }>`
      select id, content, creator_id, created_source, ai_chat_id, created_at, deleted_at, resolved_at, parent_comment_id
      from comments where page_id = ${pageId}::uuid and workspace_id = ${request.workspaceId}::uuid order by created_at`.execute(
      db,
    );
    total += rows.filter(
      (row) =>
        row.deletedAt === null &&
        new Date(row.createdAt).getTime() > after &&
        !(
          row.createdSource === 'agent' &&
          row.creatorId === request.agent.userId
        ),
    ).length;
  }
  return total;
}

async function explain(
  db: Kysely<DB>,
  query: CompiledQuery,
): Promise<string[]> {
  const result = await db.executeQuery<Record<string, string>>(
    CompiledQuery.raw(`explain (analyze, buffers, costs off) ${query.sql}`, [
      ...query.parameters,
    ]),
  );
  return result.rows.map((row) => Object.values(row)[0] ?? '');
}

/** Runs the bare statement `runs` times in a transaction that dropped the module's index, then rolls the drop back. */
async function withoutIndex(
  db: Kysely<DB>,
  query: CompiledQuery,
  runs: number,
): Promise<number[]> {
  return db.connection().execute(async (connection) => {
    await sql`begin`.execute(connection);
    try {
      await sql.raw(`drop index ${COUNT_INDEX_NAME}`).execute(connection);
      const samples: number[] = [];
      for (let run = 0; run < runs; run++)
        samples.push(await timeOnce(() => connection.executeQuery(query)));
      return samples;
    } finally {
      await sql`rollback`.execute(connection);
    }
  });
}

/**
 * The signal's grouped count on the large workspace, side by side with the statement alone,
 * without the module's index and with the naive per-page read, at each working-set size and
 * watermark. The module, the transaction and the bare statement are interleaved call by call,
 * so the machine's load hits them alike.
 */
export async function measureLargeCount(
  options: LargeCountOptions,
): Promise<LargeCountFigures> {
  const countDatabase = openCommentCountDatabase(
    options.countConnection,
    STATEMENT_TIMEOUT_MS,
  );
  try {
    const pooled = createDatabaseCommentSource(options.db, {
      countDatabase,
      statementTimeoutMs: STATEMENT_TIMEOUT_MS,
    });
    const inTransaction = createDatabaseCommentSource(options.db, {
      statementTimeoutMs: STATEMENT_TIMEOUT_MS,
    });
    const cases: LargeCountCase[] = [];
    let plan: LargeCountFigures['plan'] = { usesCountIndex: false, lines: [] };
    for (const pages of LARGE_WORKING_SET_SIZES) {
      for (const watermark of LARGE_WATERMARKS) {
        options.log(`  count: ${pages} page(s), watermark ${watermark.label}`);
        const request: CommentCountRequest = {
          workspaceId: options.workspaceId,
          userId: options.userId,
          pages: options.pageIds.slice(0, pages).map((pageId) => ({ pageId })),
          baseline: {
            millisecondsAgo: watermark.millisecondsAgo + options.workspaceAgeMs,
          },
          agent: { userId: options.userId },
        };
        const sample = await inTransaction.countNewComments(request);
        const bare = options.recorder.last;
        if (bare === undefined)
          throw new Error('the count sent no statement to time alone');
        await pooled.countNewComments(request);
        const samples = {
          module: [] as number[],
          transaction: [] as number[],
          bare: [] as number[],
        };
        const contenders: ReadonlyArray<
          readonly [number[], () => Promise<unknown>]
        > = [
          [samples.module, () => pooled.countNewComments(request)],
          [samples.bare, () => countDatabase.executeQuery(bare)],
          [samples.transaction, () => inTransaction.countNewComments(request)],
        ];
        for (let run = 0; run < options.runs.fast; run++) {
          // Each goes first in turn: whoever runs first reads the pages' blocks cold for the others.
          for (let turn = 0; turn < contenders.length; turn++) {
            const [into, body] = contenders[(run + turn) % contenders.length]!;
            into.push(await timeOnce(body));
          }
        }
        const without = await withoutIndex(
          options.db,
          bare,
          options.runs.withoutIndex,
        );
        const naive: number[] = [];
        for (let run = 0; run < options.runs.naive; run++)
          naive.push(
            await timeOnce(() =>
              naiveCount(
                options.db,
                request,
                watermark.millisecondsAgo + options.workspaceAgeMs,
              ),
            ),
          );
        const figures = {
          module: summarizeTail(samples.module),
          moduleInTransaction: summarizeTail(samples.transaction),
          bareStatement: summarizeTail(samples.bare),
          withoutIndex: summarizeTail(without),
          naivePerPage: summarizeTail(naive),
        };
        cases.push({
          workingSetPages: pages,
          watermark: watermark.name,
          newComments: sample.pages.reduce((sum, page) => sum + page.count, 0),
          ...figures,
          ratios: {
            moduleOverBare: ratio(
              figures.module.p50Ms,
              figures.bareStatement.p50Ms,
            ),
            transactionOverBare: ratio(
              figures.moduleInTransaction.p50Ms,
              figures.bareStatement.p50Ms,
            ),
            naiveOverModule: ratio(
              figures.naivePerPage.p50Ms,
              figures.module.p50Ms,
            ),
            withoutIndexOverModule: ratio(
              figures.withoutIndex.p50Ms,
              figures.module.p50Ms,
            ),
          },
        });
        if (pages === 50 && watermark.name === '30d') {
          const lines = await explain(options.db, bare);
          plan = {
            usesCountIndex: lines.some((line) =>
              line.includes(COUNT_INDEX_NAME),
            ),
            lines,
          };
        }
      }
    }
    return {
      countIndex: COUNT_INDEX_NAME,
      statementTimeoutMs: STATEMENT_TIMEOUT_MS,
      cases,
      plan,
    };
  } finally {
    await countDatabase.destroy();
  }
}

/** The lines of the count's plan that show how `comments` is read. */
export function countPlanExcerpt(lines: readonly string[]): string[] {
  return commentScanExcerpt(lines);
}
