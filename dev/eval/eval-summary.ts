import type { DeferredMode, RunResult } from './run-scenario';

/** Totals of one model (persona or real) in one mode. */
export interface ModeSummary {
  readonly model: string;
  readonly mode: DeferredMode;
  readonly runs: number;
  /** Runs whose check passed (never one that errored). */
  readonly completed: number;
  /** Runs that ended in an error (provider, stream, host): reported apart, never completed. */
  readonly errored: number;
  readonly modelRequests: number;
  /** Input tokens of the runs that did not error. */
  readonly inputTokens: number;
  /** Input tokens counted in the runs that errored (requests that may never have reached a model). */
  readonly erroredInputTokens: number;
  readonly toolDefinitionTokens: number;
  /** All input tokens of the mode (failed runs too: they were paid for) per completed task; null when none completed. */
  readonly tokensPerCompletedTask: number | null;
  /**
   * Requests beyond the cheaper mode's for the same scenario and repetition, summed over the
   * scenarios both modes completed: what this mode cost in round trips (0 where it was the
   * cheaper one). A failed run is left out: giving up early is not cheaper.
   */
  readonly extraRoundTrips: number;
  readonly loadToolsCalls: number;
  readonly repairedCalls: number;
  readonly unknownNameErrors: number;
  /** Runs whose final answer claimed a missing capability. */
  readonly capabilityClaims: number;
}

function pairKey(result: RunResult): string {
  return `${result.model}\u0000${result.scenarioId}\u0000${result.repetition}`;
}

/** Totals per model and mode, models in the order they first appear, ON before OFF. */
export function summarize(results: readonly RunResult[]): ModeSummary[] {
  const fewestRequests = new Map<string, number>();
  const unfinished = new Set(
    results.filter((result) => !result.check.passed).map(pairKey),
  );
  for (const result of results) {
    const key = pairKey(result);
    if (unfinished.has(key)) continue;
    fewestRequests.set(
      key,
      Math.min(
        fewestRequests.get(key) ?? Number.POSITIVE_INFINITY,
        result.figures.modelRequests,
      ),
    );
  }
  const models = [...new Set(results.map((result) => result.model))];
  const summaries: ModeSummary[] = [];
  for (const model of models) {
    for (const mode of ['on', 'off'] as const) {
      const runs = results.filter(
        (result) => result.model === model && result.mode === mode,
      );
      if (runs.length === 0) continue;
      const sum = (pick: (result: RunResult) => number) =>
        runs.reduce((total, result) => total + pick(result), 0);
      const completed = runs.filter((result) => result.check.passed).length;
      const errored = runs.filter((result) => result.error !== undefined);
      const erroredInputTokens = errored.reduce(
        (total, result) => total + result.figures.inputTokens,
        0,
      );
      const inputTokens =
        sum((result) => result.figures.inputTokens) - erroredInputTokens;
      summaries.push({
        model,
        mode,
        runs: runs.length,
        completed,
        errored: errored.length,
        modelRequests: sum((result) => result.figures.modelRequests),
        inputTokens,
        erroredInputTokens,
        toolDefinitionTokens: sum(
          (result) => result.figures.toolDefinitionTokens,
        ),
        tokensPerCompletedTask:
          completed === 0 ? null : Math.round(inputTokens / completed),
        extraRoundTrips: sum(
          (result) =>
            result.figures.modelRequests -
            (fewestRequests.get(pairKey(result)) ??
              result.figures.modelRequests),
        ),
        loadToolsCalls: sum((result) => result.figures.loadToolsCalls),
        repairedCalls: sum((result) => result.figures.repairedCalls),
        unknownNameErrors: sum((result) => result.figures.unknownNameErrors),
        capabilityClaims: runs.filter(
          (result) => result.figures.claimsMissingCapability,
        ).length,
      });
    }
  }
  return summaries;
}

/** How often one scenario was completed by one model in one mode: the rate `--repeat` is for. */
export interface ScenarioRate {
  readonly scenarioId: string;
  readonly model: string;
  readonly mode: DeferredMode;
  readonly runs: number;
  readonly completed: number;
}

/** Completion per scenario, model and mode, in the order the runs came. */
export function scenarioRates(results: readonly RunResult[]): ScenarioRate[] {
  const rates = new Map<
    string,
    {
      scenarioId: string;
      model: string;
      mode: DeferredMode;
      runs: number;
      completed: number;
    }
  >();
  for (const result of results) {
    const key = `${result.scenarioId}\u0000${result.model}\u0000${result.mode}`;
    const rate = rates.get(key) ?? {
      scenarioId: result.scenarioId,
      model: result.model,
      mode: result.mode,
      runs: 0,
      completed: 0,
    };
    rate.runs += 1;
    if (result.check.passed) rate.completed += 1;
    rates.set(key, rate);
  }
  return [...rates.values()];
}

/**
 * The process's exit status for a finished run: 0 when every model completed, in each mode, at
 * least `minRate` of its runs (1: all of them), else 1. No run at all is a failure too.
 */
export function evalExitStatus(
  summaries: readonly ModeSummary[],
  minRate = 1,
): 0 | 1 {
  if (summaries.length === 0) return 1;
  return summaries.every(
    (summary) =>
      summary.errored === 0 &&
      summary.completed >= Math.ceil(summary.runs * minRate),
  )
    ? 0
    : 1;
}
