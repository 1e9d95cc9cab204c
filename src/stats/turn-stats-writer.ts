import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import { errorMessage, isUuid } from '../ground';
import { addToDailyTotals } from './daily-totals-sql';
import type { TurnStatsRecord } from './turn-stats-record';

/** Rows of one insert statement. */
const ROWS_PER_INSERT = 500;
/** Rows waiting for the database at most; past it the oldest are dropped (and counted). */
const MAX_WAITING_ROWS = 10_000;
/** Prune statements of one run at most: a backlog is worked off over several runs. */
const MAX_PRUNE_BATCHES_PER_RUN = 100;

export interface TurnStatsWriterOptions {
  readonly retentionDays: number;
  readonly pruneBatchSize: number;
  readonly pruneIntervalMs: number;
  /** Told once when writes start failing, and once when they work again. */
  readonly log: (message: string) => void;
  /** Epoch milliseconds. Default `Date.now`. */
  readonly now?: () => number;
}

function insertValues(row: TurnStatsRecord) {
  // A chat the host has not stored (or no longer has) leaves the row without one instead of
  // failing the whole batch on the foreign key.
  const chatId =
    row.chatId !== null && isUuid(row.chatId)
      ? sql`(select id from ai_chats where id = ${row.chatId}::uuid)`
      : sql`null`;
  return sql`(${row.workspaceId}::uuid, ${chatId}, ${row.endedAt.toISOString()}::timestamptz,
    ${row.modelId}, ${row.deferredTools}, ${row.status}, ${row.answered}, ${row.steps},
    ${row.toolTokensSent}, ${row.toolTokensAllActive}, ${row.loadToolsCalls},
    ${JSON.stringify(row.loadedTools)}::text::jsonb, ${row.unknownNames}, ${row.recoveredCalls},
    ${row.reachedStepLimit}, ${row.inputTokens}::integer, ${row.cachedInputTokens}::integer,
    ${row.outputTokens}::integer, ${row.signalLines}, ${row.signalsFollowed})`;
}

/**
 * Writes turn rows after their turns: `record` only queues the row, and the queue goes out on
 * a later turn of the event loop in multi-row inserts, so no chat turn waits for it or fails
 * with it. A failed insert drops its rows and is logged once until writes work again (a
 * database outage logs one line, not one per turn). After a write, at most once per
 * `pruneIntervalMs`, rows past the retention are deleted in small batches.
 */
export class TurnStatsWriter {
  private waiting: TurnStatsRecord[] = [];
  private running: Promise<void> | undefined;
  private failing = false;
  private dropped = 0;
  private lastPruneAt = Number.NEGATIVE_INFINITY;
  private readonly now: () => number;

  constructor(
    private readonly db: Kysely<any>,
    private readonly options: TurnStatsWriterOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  record(row: TurnStatsRecord): void {
    this.waiting.push(row);
    if (this.waiting.length > MAX_WAITING_ROWS) {
      this.dropped += this.waiting.length - MAX_WAITING_ROWS;
      this.waiting = this.waiting.slice(-MAX_WAITING_ROWS);
    }
    this.schedule();
  }

  /** Resolves when every queued row has been written (or dropped); for shutdown and tests. */
  async settled(): Promise<void> {
    while (this.running !== undefined) await this.running;
  }

  /** Deletes rows past the retention now, whatever the interval; returns how many. */
  async prune(): Promise<number> {
    this.lastPruneAt = this.now();
    let deleted = 0;
    for (let batch = 0; batch < MAX_PRUNE_BATCHES_PER_RUN; batch += 1) {
      // The oldest rows by identity (one index range), of which those past the retention go:
      // each statement touches one batch, and a batch holding a row still kept ends the run.
      const result = await sql`
        delete from ai_tools_turn_stats where id in (
          select oldest.id from (
            select id, ended_at from ai_tools_turn_stats order by id limit ${this.options.pruneBatchSize}
          ) oldest
          where oldest.ended_at < now() - make_interval(days => ${this.options.retentionDays}))`.execute(
        this.db,
      );
      const count = Number(result.numAffectedRows ?? 0);
      deleted += count;
      if (count < this.options.pruneBatchSize) break;
      await nextTurn();
    }
    // A few rows per workspace and day: one statement.
    await sql`delete from ai_tools_turn_stats_daily
      where day < (now() at time zone 'UTC')::date - ${this.options.retentionDays}::int`.execute(
      this.db,
    );
    return deleted;
  }

  private schedule(): void {
    this.running ??= this.run().finally(() => {
      this.running = undefined;
      // Rows queued while the last prune ran.
      if (this.waiting.length > 0) this.schedule();
    });
  }

  private async run(): Promise<void> {
    // Off the turn that ended: its answer is out before the statement is built.
    await nextTurn();
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, ROWS_PER_INSERT);
      try {
        // The rows and the daily totals the admin route reads, in one statement: both or neither.
        await addToDailyTotals(
          sql`with inserted as (
            insert into ai_tools_turn_stats (workspace_id, chat_id, ended_at, model_id, deferred_tools,
              status, answered, steps, tool_tokens_sent, tool_tokens_all_active, load_tools_calls,
              loaded_tools, unknown_names, recovered_calls, reached_step_limit, input_tokens,
              cached_input_tokens, output_tokens, signal_lines, signals_followed)
            values ${sql.join(batch.map(insertValues))}
            returning *)`,
          'inserted',
        ).execute(this.db);
        if (this.failing || this.dropped > 0) {
          this.options.log(
            `turn statistics are written again${this.dropped > 0 ? ` (${this.dropped} rows were dropped while the queue was full)` : ''}`,
          );
          this.failing = false;
          this.dropped = 0;
        }
      } catch (error) {
        if (!this.failing)
          this.options.log(
            `turn statistics could not be written (${batch.length} row${batch.length === 1 ? '' : 's'} dropped; logged once until writes work again): ${errorMessage(error)}`,
          );
        this.failing = true;
      }
    }
    if (
      !this.failing &&
      this.now() - this.lastPruneAt >= this.options.pruneIntervalMs
    )
      await this.prune().catch((error: unknown) =>
        this.options.log(
          `old turn statistics could not be pruned: ${errorMessage(error)}`,
        ),
      );
  }
}
