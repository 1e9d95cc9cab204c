import { evalExitStatus, scenarioRates, summarize } from './eval-summary';
import { rateTable } from './render-table';
import { NO_FIGURES } from './run-figures';
import type { RunResult } from './run-scenario';

function result(
  scenarioId: string,
  mode: 'on' | 'off',
  passed: boolean,
  modelRequests: number,
  inputTokens: number,
): RunResult {
  return {
    scenarioId,
    mode,
    model: 'loader',
    repetition: 1,
    check: { passed, detail: '' },
    figures: { ...NO_FIGURES, modelRequests, inputTokens },
  };
}

describe('summarize', () => {
  it('reports errored runs apart: never completed, their tokens not among the tokens of runs that reached a model', () => {
    const [on] = summarize([
      result('a', 'on', true, 2, 1_000),
      {
        ...result('b', 'on', false, 1, 700),
        error:
          'the turn failed: Failed after 3 attempts. Last error: fetch failed',
      },
    ]);
    expect(on).toMatchObject({
      runs: 2,
      completed: 1,
      errored: 1,
      inputTokens: 1_000,
      erroredInputTokens: 700,
    });
  });

  it('totals each mode: completed tasks, tokens per completed task (failed runs paid too), extra round trips over the cheaper mode where both completed', () => {
    const [on, off] = summarize([
      result('a', 'on', true, 4, 1_000),
      result('a', 'off', true, 3, 3_000),
      result('b', 'on', false, 2, 500),
      result('b', 'off', true, 5, 2_000),
    ]);
    expect(on).toMatchObject({
      mode: 'on',
      runs: 2,
      completed: 1,
      modelRequests: 6,
      inputTokens: 1_500,
      tokensPerCompletedTask: 1_500,
      extraRoundTrips: 1,
    });
    expect(off).toMatchObject({
      mode: 'off',
      runs: 2,
      completed: 2,
      modelRequests: 8,
      inputTokens: 5_000,
      tokensPerCompletedTask: 2_500,
      extraRoundTrips: 0,
    });
  });

  it('has no tokens per completed task when nothing completed', () => {
    expect(
      summarize([result('a', 'on', false, 1, 10)])[0]!.tokensPerCompletedTask,
    ).toBeNull();
  });
});

describe('scenarioRates', () => {
  it('gives completed/runs per scenario, model and mode over the repetitions', () => {
    const repeated = [
      result('a', 'on', true, 1, 1),
      result('a', 'off', true, 1, 1),
      { ...result('a', 'on', false, 1, 1), repetition: 2 },
      { ...result('a', 'off', true, 1, 1), repetition: 2 },
    ];
    const rates = scenarioRates(repeated);
    expect(rates).toEqual([
      { scenarioId: 'a', model: 'loader', mode: 'on', runs: 2, completed: 1 },
      { scenarioId: 'a', model: 'loader', mode: 'off', runs: 2, completed: 2 },
    ]);
    expect(rateTable(rates)).toBe(
      'scenario   loader\na          ON 1/2  OFF 2/2',
    );
  });
});

describe('evalExitStatus', () => {
  const summary = (completed: number, runs: number, errored = 0) =>
    summarize(
      Array.from({ length: runs }, (_, index) => ({
        ...result(`s${index}`, 'on', index < completed, 1, 10),
        ...(index >= runs - errored ? { error: 'host answered 500' } : {}),
      })),
    );

  it('is 0 when every run completed, 1 otherwise', () => {
    expect(evalExitStatus(summary(4, 4))).toBe(0);
    expect(evalExitStatus(summary(3, 4))).toBe(1);
    expect(evalExitStatus([])).toBe(1);
  });

  it('accepts as many failures as --min-rate allows, but never an errored run', () => {
    expect(evalExitStatus(summary(3, 4), 0.75)).toBe(0);
    expect(evalExitStatus(summary(2, 4), 0.75)).toBe(1);
    expect(evalExitStatus(summary(3, 4, 1), 0.5)).toBe(1);
  });
});
