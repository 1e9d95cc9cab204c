import type { DeferredMode, RunResult } from './run-scenario';

/** Totals of one model (persona or real) in one mode. */
export interface ModeSummary {
  readonly model: string;
  readonly mode: DeferredMode;
  readonly runs: number;
  /** Runs whose check passed. */
  readonly completed: number;
  readonly modelRequests: number;
  readonly inputTokens: number;
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
      const inputTokens = sum((result) => result.figures.inputTokens);
      summaries.push({
        model,
        mode,
        runs: runs.length,
        completed,
        modelRequests: sum((result) => result.figures.modelRequests),
        inputTokens,
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
