import {
  metrics,
  type Attributes,
  type Counter,
  type Histogram,
  type MeterProvider,
} from '@opentelemetry/api';
import type { TurnStatsRecord } from './turn-stats-record';

/** The meter's name (the instrumentation scope). */
export const METER_NAME = 'docmost-ai-tools';

/** Every instrument's name, as the README lists them. */
export const TURN_METRIC_NAMES = {
  turns: 'docmost_ai_tools.chat.turns',
  steps: 'docmost_ai_tools.chat.steps',
  toolTokensSent: 'docmost_ai_tools.chat.tool_tokens.sent',
  toolTokensAllActive: 'docmost_ai_tools.chat.tool_tokens.all_active',
  loadToolsCalls: 'docmost_ai_tools.chat.load_tools.calls',
  toolsLoaded: 'docmost_ai_tools.chat.tools_loaded',
  unknownNames: 'docmost_ai_tools.chat.load_tools.unknown_names',
  recoveredCalls: 'docmost_ai_tools.chat.recovered_calls',
  stepLimitTurns: 'docmost_ai_tools.chat.step_limit_turns',
  signals: 'docmost_ai_tools.chat.signals',
  providerTokens: 'docmost_ai_tools.chat.provider_tokens',
  cachedInputTokens: 'docmost_ai_tools.chat.provider_tokens.cached_input',
} as const;

interface Instruments {
  readonly turns: Counter;
  readonly steps: Histogram;
  readonly toolTokensSent: Histogram;
  readonly toolTokensAllActive: Histogram;
  readonly loadToolsCalls: Counter;
  readonly toolsLoaded: Counter;
  readonly unknownNames: Counter;
  readonly recoveredCalls: Counter;
  readonly stepLimitTurns: Counter;
  readonly signals: Counter;
  readonly providerTokens: Counter;
  readonly cachedInputTokens: Counter;
}

function createInstruments(provider: MeterProvider): Instruments {
  const meter = provider.getMeter(METER_NAME);
  const counter = (name: string, description: string, unit: string) =>
    meter.createCounter(name, { description, unit });
  const histogram = (name: string, description: string, unit: string) =>
    meter.createHistogram(name, { description, unit });
  return {
    turns: counter(
      TURN_METRIC_NAMES.turns,
      'In-app chat turns that ended',
      '{turn}',
    ),
    steps: histogram(TURN_METRIC_NAMES.steps, 'Model calls per turn', '{step}'),
    toolTokensSent: histogram(
      TURN_METRIC_NAMES.toolTokensSent,
      'Estimated tokens of the tool definitions sent per model call',
      '{token}',
    ),
    toolTokensAllActive: histogram(
      TURN_METRIC_NAMES.toolTokensAllActive,
      'Estimated tokens of the tool definitions per model call had every tool been sent',
      '{token}',
    ),
    loadToolsCalls: counter(
      TURN_METRIC_NAMES.loadToolsCalls,
      'loadTools calls of the model',
      '{call}',
    ),
    toolsLoaded: counter(
      TURN_METRIC_NAMES.toolsLoaded,
      'Deferred tools loaded, by tool',
      '{tool}',
    ),
    unknownNames: counter(
      TURN_METRIC_NAMES.unknownNames,
      'Names loadTools refused as unknown',
      '{name}',
    ),
    recoveredCalls: counter(
      TURN_METRIC_NAMES.recoveredCalls,
      'Calls of a deferred tool that was not loaded, loaded for the next step instead',
      '{call}',
    ),
    stepLimitTurns: counter(
      TURN_METRIC_NAMES.stepLimitTurns,
      'Turns that reached the final-step lockdown',
      '{turn}',
    ),
    signals: counter(
      TURN_METRIC_NAMES.signals,
      "Comment-signal lines the model read, by whether it read that page's comments later in the turn",
      '{signal}',
    ),
    providerTokens: counter(
      TURN_METRIC_NAMES.providerTokens,
      'Tokens the provider reported, by type (input, output)',
      '{token}',
    ),
    cachedInputTokens: counter(
      TURN_METRIC_NAMES.cachedInputTokens,
      "Of the provider's reported input tokens, those it read from its prompt cache",
      '{token}',
    ),
  };
}

/**
 * The turn figures as OpenTelemetry metrics, through `@opentelemetry/api` only: a no-op until
 * the host registers a meter provider (or passes `stats.meterProvider`). The global provider is
 * read at each turn's end, so one registered after the module started is used from then on.
 */
export class TurnStatsMetrics {
  private provider: MeterProvider | undefined;
  private instruments: Instruments | undefined;

  constructor(private readonly meterProvider?: MeterProvider) {}

  record(row: TurnStatsRecord): void {
    const instruments = this.current();
    const attributes: Attributes = {
      'gen_ai.request.model': row.modelId,
      'docmost_ai_tools.deferred_tools': row.deferredTools,
    };
    instruments.turns.add(1, {
      ...attributes,
      'docmost_ai_tools.turn.status': row.status,
    });
    instruments.steps.record(row.steps, attributes);
    if (row.steps > 0) {
      instruments.toolTokensSent.record(
        Math.round(row.toolTokensSent / row.steps),
        attributes,
      );
      instruments.toolTokensAllActive.record(
        Math.round(row.toolTokensAllActive / row.steps),
        attributes,
      );
    }
    if (row.loadToolsCalls > 0)
      instruments.loadToolsCalls.add(row.loadToolsCalls, attributes);
    for (const tool of row.loadedTools)
      instruments.toolsLoaded.add(1, {
        ...attributes,
        'docmost_ai_tools.tool': tool,
      });
    if (row.unknownNames > 0)
      instruments.unknownNames.add(row.unknownNames, attributes);
    if (row.recoveredCalls > 0)
      instruments.recoveredCalls.add(row.recoveredCalls, attributes);
    if (row.reachedStepLimit) instruments.stepLimitTurns.add(1, attributes);
    if (row.signalsFollowed > 0)
      instruments.signals.add(row.signalsFollowed, {
        ...attributes,
        'docmost_ai_tools.signal.followed': true,
      });
    if (row.signalLines > row.signalsFollowed)
      instruments.signals.add(row.signalLines - row.signalsFollowed, {
        ...attributes,
        'docmost_ai_tools.signal.followed': false,
      });
    if (row.inputTokens !== null)
      instruments.providerTokens.add(row.inputTokens, {
        ...attributes,
        'gen_ai.token.type': 'input',
      });
    if (row.cachedInputTokens !== null)
      instruments.cachedInputTokens.add(row.cachedInputTokens, attributes);
    if (row.outputTokens !== null)
      instruments.providerTokens.add(row.outputTokens, {
        ...attributes,
        'gen_ai.token.type': 'output',
      });
  }

  private current(): Instruments {
    const provider = this.meterProvider ?? metrics.getMeterProvider();
    if (this.instruments === undefined || provider !== this.provider) {
      this.provider = provider;
      this.instruments = createInstruments(provider);
    }
    return this.instruments;
  }
}
