import { evalExitStatus } from '../../dev/eval/eval-summary';
import { runEval, type EvalReport } from '../../dev/eval/run-eval';
import { SCENARIOS, selectScenarios } from '../../dev/eval/scenarios';
import { selectPersonas } from '../../dev/eval/personas';
import { testDatabaseDriver } from '../support/test-database';
import { requireTestEnv, TEST_ENV } from '../support/test-environment';

/**
 * The floor of `npm run eval`: a model that answers without calling any tool and one that
 * refuses everything complete nothing, in every scenario and both modes. A check that passes
 * for them passes by default (the absence of a wrong act), not because the task was done.
 */
/**
 * Every scenario, both modes, two personas: 44 runs, each on a fresh clone with a fresh host
 * app, about 30 s alone on the 2-core machine, more while the rest of the suite shares the
 * cores. In the pg project only (jest.config.js): the runs measure the model, not the driver.
 */
const EVAL_RUN_TIMEOUT_MS = 240_000;

describe('npm run eval: the idle and refusing personas complete nothing', () => {
  let report: EvalReport;

  beforeAll(async () => {
    report = await runEval({
      adminUrl: requireTestEnv(TEST_ENV.adminUrl),
      migratedTemplate: requireTestEnv(TEST_ENV.migratedTemplate),
      driver: testDatabaseDriver(),
      scenarios: SCENARIOS,
      personas: selectPersonas(['idle', 'refuser']),
    });
  }, EVAL_RUN_TIMEOUT_MS);

  it('fails every scenario in both modes, without any run erroring', () => {
    expect(report.results).toHaveLength(SCENARIOS.length * 2 * 2);
    const completed = report.results
      .filter((result) => result.check.passed)
      .map((result) => `${result.model} ${result.scenarioId} ${result.mode}`);
    expect(completed).toEqual([]);
    expect(report.results.filter((result) => result.error)).toEqual([]);
  });

  it('makes npm run eval exit 1', () => {
    expect(
      report.summaries.map((summary) => [
        summary.model,
        summary.mode,
        summary.completed,
      ]),
    ).toEqual([
      ['idle', 'on', 0],
      ['idle', 'off', 0],
      ['refuser', 'on', 0],
      ['refuser', 'off', 0],
    ]);
    expect(evalExitStatus(report.summaries)).toBe(1);
  });
});

/** What the module's chat memory and catalog are worth, as the eval must be able to show. */
describe('npm run eval: switching off carrying and the catalog fails the personas that need them', () => {
  const common = () => ({
    adminUrl: requireTestEnv(TEST_ENV.adminUrl),
    migratedTemplate: requireTestEnv(TEST_ENV.migratedTemplate),
    driver: testDatabaseDriver(),
    modes: ['on'] as const,
    // Carrying and the catalog are what the tool list needs; in the conversation every deferred
    // tool is a stub the model sees by name.
    toolLoading: 'tool-list' as const,
  });

  it('second-turn fails without carrying: turn 2 loads the tool again', async () => {
    const carried = await runEval({
      ...common(),
      scenarios: selectScenarios(['second-turn']),
      personas: selectPersonas(['loader']),
    });
    expect(carried.results[0]!.check).toMatchObject({
      passed: true,
      detail: expect.stringContaining('turn 2 used what turn 1 loaded'),
    });
    const cold = await runEval({
      ...common(),
      scenarios: selectScenarios(['second-turn']),
      personas: selectPersonas(['loader']),
      variation: { repair: true, catalog: true, carry: false },
    });
    expect(cold.results[0]!.check).toMatchObject({
      passed: false,
      detail: expect.stringContaining('turn 2 loaded tools again'),
    });
  });

  it('without the catalog, the loading and the cautious persona cannot name a deferred tool', async () => {
    const blind = await runEval({
      ...common(),
      scenarios: selectScenarios(['table-cell']),
      personas: selectPersonas(['loader', 'cautious']),
      variation: { repair: true, catalog: false, carry: true },
    });
    expect(
      blind.results.map((result) => [result.model, result.check.passed]),
    ).toEqual([
      ['loader', false],
      ['cautious', false],
    ]);
  });
});
