import {
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { ToolSet } from 'ai';
import type { Kysely } from 'kysely';
import { KYSELY } from '../database';
import type { DeferredTurnFigures, TurnEnd } from '../deferred';
import { LOAD_TOOLS_NAME } from '../deferred';
import { sessionKeyOf, type ToolCallContext } from '../registry';
import type { ToolInterceptor } from '../registry';
import { errorMessage, isUuid } from '../ground';
import { ToolDefinitionTokens } from './tool-definition-tokens';
import { TurnRecorder } from './turn-recorder';
import { TurnStatsMetrics } from './turn-stats-metrics';
import {
  resolveTurnStatsOptions,
  TURN_STATS_OPTIONS,
  type ResolvedTurnStatsOptions,
  type TurnStatsOptions,
} from './turn-stats-options';
import type { TurnStatsRecord } from './turn-stats-record';
import type { TurnStatsSummary } from '../../client/wire/turn-stats';
import { summarizeTurnStats } from './turn-stats-summary';
import { TurnStatsWriter } from './turn-stats-writer';

/** Turns recorded at once at most; a host that never ends its turns cannot grow this without bound. */
const MAX_RUNNING_TURNS = 10_000;

/** What `TurnStatsService.startTurn` needs to know of a turn. */
export interface StartRecordingOptions {
  readonly context: ToolCallContext;
  /** The model id the host passes (e.g. `model.modelId`); default 'unknown'. */
  readonly modelId?: string;
  /** Whether the turn defers tools. */
  readonly deferredTools: boolean;
  /** The turn's tool set (what `streamText` gets). */
  readonly tools: ToolSet;
  /**
   * The same tools with their full definitions, what OFF would send: differs from `tools` when
   * deferred tools travel as stubs (`toolLoading: 'in-conversation'`). Default `tools`.
   */
  readonly fullTools?: ToolSet;
}

/** One turn being recorded: its steps go in as they start, its end once. */
export interface RecordedTurn {
  step(
    sent: readonly string[] | undefined,
    hostActiveTools: readonly string[] | undefined,
    lockedDown: boolean,
  ): void;
  /** Queues the turn's row and records its metrics; later calls do nothing. Never throws. */
  finish(
    deferred: DeferredTurnFigures,
    end?: TurnEnd,
  ): TurnStatsRecord | undefined;
}

/**
 * Per-turn figures of the in-app chat (module option `stats`): what deferred tools and the
 * comment signal did in each turn, recorded when the turn ends in `ai_tools_turn_stats` and as
 * OpenTelemetry metrics, summarised for workspace admins by `POST /api/ai-tools/stats`.
 */
@Injectable()
export class TurnStatsService implements OnApplicationShutdown {
  private readonly options: ResolvedTurnStatsOptions | undefined;
  private readonly writer: TurnStatsWriter | undefined;
  private readonly metrics: TurnStatsMetrics | undefined;
  private readonly tokens: ToolDefinitionTokens | undefined;
  private readonly running = new Map<string, TurnRecorder>();
  private readonly logger = new Logger('AiToolsStats');

  constructor(
    @Inject(KYSELY) private readonly db: Kysely<any>,
    @Inject(TURN_STATS_OPTIONS) options: TurnStatsOptions | false,
  ) {
    if (options === false) return;
    this.options = resolveTurnStatsOptions(options);
    this.tokens = new ToolDefinitionTokens(this.options.countTokens);
    this.metrics = new TurnStatsMetrics(this.options.meterProvider);
    if (this.options.store)
      this.writer = new TurnStatsWriter(db, {
        retentionDays: this.options.retentionDays,
        pruneBatchSize: this.options.pruneBatchSize,
        pruneIntervalMs: this.options.pruneIntervalMs,
        log: (message) => this.logger.warn(message),
      });
  }

  /** Whether turns are recorded (`stats` is not `false`). */
  get enabled(): boolean {
    return this.options !== undefined;
  }

  /**
   * Around every registry tool call: a call of a chat turn being recorded tells its recorder
   * the tool's name and the page its input or output names (to match signals with later reads
   * of comments) and the signal lines it carried. The call's outcome passes through untouched.
   */
  readonly intercept: ToolInterceptor = async (invocation, next) => {
    const recorder =
      this.running.size === 0
        ? undefined
        : this.running.get(sessionKeyOf(invocation.context));
    const outcome = await next();
    recorder?.toolCall(
      invocation.spec,
      invocation.input,
      outcome.output,
      outcome.notices,
    );
    return outcome;
  };

  /** Starts recording one chat turn; `undefined` when recording is off. */
  async startTurn(
    options: StartRecordingOptions,
  ): Promise<RecordedTurn | undefined> {
    if (this.tokens === undefined) return undefined;
    const definitionTokens = await this.tokens.ofToolSet(options.tools);
    const fullDefinitionTokens =
      options.fullTools === undefined
        ? definitionTokens
        : await this.tokens.ofToolSet(options.fullTools);
    const { context } = options;
    const recorder = new TurnRecorder(
      {
        workspaceId: context.workspaceId,
        chatId:
          context.chatId !== undefined && isUuid(context.chatId)
            ? context.chatId
            : null,
        modelId: options.modelId ?? 'unknown',
        deferredTools: options.deferredTools,
      },
      definitionTokens,
      fullDefinitionTokens,
      Object.keys(options.tools).filter((name) => name !== LOAD_TOOLS_NAME),
    );
    const key = sessionKeyOf(context);
    if (this.running.size >= MAX_RUNNING_TURNS)
      this.running.delete(this.running.keys().next().value!);
    this.running.set(key, recorder);
    let finished = false;
    return {
      step: (sent, hostActiveTools, lockedDown) =>
        recorder.step(sent, hostActiveTools, lockedDown),
      finish: (deferred, end) => {
        if (finished) return undefined;
        finished = true;
        if (this.running.get(key) === recorder) this.running.delete(key);
        try {
          const row = recorder.record(deferred, end);
          this.writer?.record(row);
          this.metrics?.record(row);
          return row;
        } catch (error) {
          this.logger.warn(
            `turn statistics could not be recorded: ${errorMessage(error)}`,
          );
          return undefined;
        }
      },
    };
  }

  /** The workspace's figures over the last 7 and 30 days (`POST /api/ai-tools/stats`). */
  async summary(workspaceId: string): Promise<TurnStatsSummary> {
    if (this.writer === undefined)
      throw new NotFoundException(
        'AI tool statistics are not recorded on this server (module option `stats` is false, or `stats.store` is false)',
      );
    return summarizeTurnStats(this.db, workspaceId, this.options?.hostToolSet);
  }

  /** Resolves when every ended turn's row has been written (or dropped). */
  settled(): Promise<void> {
    return this.writer?.settled() ?? Promise.resolve();
  }

  /** Deletes rows past the retention now (the writer also does it after writes, hourly). */
  prune(): Promise<number> {
    return this.writer?.prune() ?? Promise.resolve(0);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.settled();
  }
}
