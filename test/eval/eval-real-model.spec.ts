import { evalExitStatus } from '../../dev/eval/eval-summary';
import { runEval, type EvalReport } from '../../dev/eval/run-eval';
import { selectScenarios } from '../../dev/eval/scenarios';
import { testDatabaseDriver } from '../support/test-database';
import { requireTestEnv, TEST_ENV } from '../support/test-environment';
import {
  startDecliningModel,
  type DecliningModel,
} from './support/declining-model';

/** With a real endpoint the suite forwards the host's requests to it and judges only the end state. */
describe('npm run eval against an OpenAI-compatible endpoint', () => {
  let model: DecliningModel;
  let report: EvalReport;

  beforeAll(async () => {
    model = await startDecliningModel();
    report = await runEval({
      adminUrl: requireTestEnv(TEST_ENV.adminUrl),
      migratedTemplate: requireTestEnv(TEST_ENV.migratedTemplate),
      driver: testDatabaseDriver(),
      scenarios: selectScenarios(['share-not-asked', 'table-cell']),
      personas: [],
      realModel: {
        baseUrl: model.baseUrl,
        apiKey: 'test-key',
        model: 'declining-model',
      },
      repeat: 2,
    });
  });

  afterAll(async () => {
    await model?.close();
  });

  it('sends every request to the endpoint with its key and model name', () => {
    expect(report.kind).toBe('model');
    expect(model.seen).toHaveLength(8);
    expect(
      new Set(
        model.seen.map(
          (request) => `${request.authorization} ${request.model}`,
        ),
      ),
    ).toEqual(new Set(['Bearer test-key declining-model']));
  });

  it('repeats each scenario per mode, in suite order, and credits a model that declines with nothing', () => {
    expect(
      report.results.map((result) => [
        result.scenarioId,
        result.mode,
        result.repetition,
        result.check.passed,
      ]),
    ).toEqual([
      ['table-cell', 'on', 1, false],
      ['table-cell', 'off', 1, false],
      ['table-cell', 'on', 2, false],
      ['table-cell', 'off', 2, false],
      // Nothing shared, but no summary either: the task was not done.
      ['share-not-asked', 'on', 1, false],
      ['share-not-asked', 'off', 1, false],
      ['share-not-asked', 'on', 2, false],
      ['share-not-asked', 'off', 2, false],
    ]);
    expect(
      report.results.every(
        (result) =>
          result.figures.claimsMissingCapability &&
          result.figures.modelRequests === 1,
      ),
    ).toBe(true);
    expect(
      report.summaries.map((summary) => [
        summary.model,
        summary.mode,
        summary.completed,
        summary.runs,
        summary.capabilityClaims,
      ]),
    ).toEqual([
      ['declining-model', 'on', 0, 4, 4],
      ['declining-model', 'off', 0, 4, 4],
    ]);
    // So `npm run eval` against it exits 1.
    expect(evalExitStatus(report.summaries)).toBe(1);
  });

  it('counts the whole request as input: the tools array and the system prompt with its catalog', () => {
    const on = report.results.find((result) => result.mode === 'on')!.figures;
    const off = report.results.find((result) => result.mode === 'off')!.figures;
    expect(on.inputTokens).toBeGreaterThan(on.toolDefinitionTokens);
    expect(off.toolDefinitionTokens).toBeGreaterThan(
      on.toolDefinitionTokens * 2,
    );
  });
});
