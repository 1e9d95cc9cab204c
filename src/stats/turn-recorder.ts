import { signaledPageIds } from '../comment-signal';
import type { DeferredTurnFigures, TurnEnd, TurnUsage } from '../deferred';
import type { AnyToolSpec } from '../registry';
import type { TurnStatsRecord } from './turn-stats-record';

const MAX_MODEL_ID_LENGTH = 200;

/** Who the turn belongs to, and what it runs with. */
export interface TurnIdentity {
  readonly workspaceId: string;
  readonly chatId: string | null;
  readonly modelId: string;
  readonly deferredTools: boolean;
}

function pageIdField(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const pageId = (value as { pageId?: unknown }).pageId;
  return typeof pageId === 'string' ? pageId : undefined;
}

function tokenCount(value: number | undefined): number | null {
  return value === undefined || !Number.isFinite(value) || value < 0
    ? null
    : Math.round(value);
}

/** The cached part of the input; none without an input count, or when it exceeds it. */
function cachedInputCount(
  usage: TurnUsage | undefined,
  input: number | null,
): number | null {
  const cached = tokenCount(
    usage?.inputTokenDetails?.cacheReadTokens ?? usage?.cachedInputTokens,
  );
  return input === null || cached === null || cached > input ? null : cached;
}

/**
 * One turn's figures as it runs: the steps (`step`, from the turn's `prepareStep`) and the
 * registry tool calls (`toolCall`, from the module's interceptor). Keeps counts and page ids
 * (to match a signal with a later read of that page's comments), never a tool's input or output.
 */
export class TurnRecorder {
  private steps = 0;
  private toolTokensSent = 0;
  private toolTokensAllActive = 0;
  private reachedStepLimit = false;
  private readonly signals: { pageId: string; followed: boolean }[] = [];

  constructor(
    readonly identity: TurnIdentity,
    /** Estimated tokens of each tool definition of the turn, by name. */
    private readonly definitionTokens: ReadonlyMap<string, number>,
    /** Every tool but `loadTools`: what the turn would send with deferred tools OFF. */
    private readonly allActiveNames: readonly string[],
  ) {}

  /**
   * One step: the tools it was sent (`undefined`: every tool of the turn), what the host alone
   * restricted them to (its final-step lockdown may), and whether tool calls are locked out.
   */
  step(
    sent: readonly string[] | undefined,
    hostActiveTools: readonly string[] | undefined,
    lockedDown: boolean,
  ): void {
    this.steps += 1;
    this.toolTokensSent += this.tokensOf(
      sent ?? [...this.definitionTokens.keys()],
    );
    this.toolTokensAllActive += this.tokensOf(
      hostActiveTools ?? this.allActiveNames,
    );
    if (lockedDown) this.reachedStepLimit = true;
  }

  /**
   * A registry tool call that returned: a call that reads a page's comments (its spec says so,
   * `readsComments`) follows earlier signals on that page; its own signals are noted.
   */
  toolCall(
    spec: Pick<AnyToolSpec, 'readsComments'>,
    input: unknown,
    output: unknown,
    notices: readonly string[],
  ): void {
    if (spec.readsComments !== undefined) {
      const pages = [pageIdField(input), pageIdField(output)];
      for (const signal of this.signals)
        if (pages.includes(signal.pageId)) signal.followed = true;
    }
    for (const notice of notices)
      for (const pageId of signaledPageIds(notice))
        this.signals.push({ pageId, followed: false });
  }

  record(deferred: DeferredTurnFigures, end: TurnEnd = {}): TurnStatsRecord {
    const status = end.status ?? 'completed';
    const inputTokens = tokenCount(end.usage?.inputTokens);
    return {
      workspaceId: this.identity.workspaceId,
      chatId: this.identity.chatId,
      endedAt: new Date(),
      modelId: this.identity.modelId.slice(0, MAX_MODEL_ID_LENGTH),
      deferredTools: this.identity.deferredTools,
      status,
      answered: end.answered ?? status === 'completed',
      steps: this.steps,
      toolTokensSent: this.toolTokensSent,
      toolTokensAllActive: this.toolTokensAllActive,
      loadToolsCalls: deferred.loadToolsCalls,
      loadedTools: deferred.loadedToolNames.filter((name) =>
        this.definitionTokens.has(name),
      ),
      unknownNames: deferred.unknownNamesRejected,
      recoveredCalls: deferred.recoveredCalls,
      reachedStepLimit: this.reachedStepLimit,
      inputTokens,
      cachedInputTokens: cachedInputCount(end.usage, inputTokens),
      outputTokens: tokenCount(end.usage?.outputTokens),
      signalLines: this.signals.length,
      signalsFollowed: this.signals.filter((signal) => signal.followed).length,
    };
  }

  private tokensOf(names: readonly string[]): number {
    let total = 0;
    for (const name of names) total += this.definitionTokens.get(name) ?? 0;
    return total;
  }
}
