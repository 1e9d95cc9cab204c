import { runEval, type EvalReport } from '../../dev/eval/run-eval';
import { selectPersonas } from '../../dev/eval/personas';
import type { RunResult } from '../../dev/eval/run-scenario';
import { selectScenarios } from '../../dev/eval/scenarios';
import { testDatabaseDriver } from '../support/test-database';
import { requireTestEnv, TEST_ENV } from '../support/test-environment';

/**
 * A subset of `npm run eval` (the table-cell scenario: its tools are deferred) with the scripted
 * personas: each failure mode is recovered by the module path meant for it, and fails without it.
 */
describe('npm run eval with scripted personas', () => {
  let full: EvalReport;
  let listed: EvalReport;
  let withoutStubs: EvalReport;
  let withoutRepair: EvalReport;
  let withoutCatalog: EvalReport;

  const run = (
    report: EvalReport,
    model: string,
    mode: 'on' | 'off',
  ): RunResult => {
    const found = report.results.find(
      (result) => result.model === model && result.mode === mode,
    );
    if (found === undefined) throw new Error(`no ${model} run in mode ${mode}`);
    return found;
  };

  beforeAll(async () => {
    const common = {
      adminUrl: requireTestEnv(TEST_ENV.adminUrl),
      migratedTemplate: requireTestEnv(TEST_ENV.migratedTemplate),
      driver: testDatabaseDriver(),
      scenarios: selectScenarios(['table-cell']),
    };
    // ON hands a loaded tool over in the conversation (the reference host's default)...
    full = await runEval({ ...common, personas: selectPersonas(undefined) });
    // OFF has no deferred tools to repair or catalog: the full run covers it. Repair and the
    // catalog are the recovery paths of the tool list (with stubs the model sees every name).
    const onOnly = {
      modes: ['on'] as const,
      toolLoading: 'tool-list' as const,
    };
    // ...or in the tool list, the package's default.
    listed = await runEval({
      ...common,
      ...onOnly,
      personas: selectPersonas(undefined),
    });
    // ...or in the conversation with no deferred tool declared in the request at all.
    withoutStubs = await runEval({
      ...common,
      modes: ['on'],
      toolLoading: 'in-conversation-without-stubs',
      personas: selectPersonas(undefined),
    });
    withoutRepair = await runEval({
      ...common,
      ...onOnly,
      personas: selectPersonas(['direct-caller']),
      variation: { repair: false, catalog: true, carry: true },
    });
    withoutCatalog = await runEval({
      ...common,
      ...onOnly,
      personas: selectPersonas(['cautious']),
      variation: { repair: true, catalog: false, carry: true },
    });
  });

  it('every persona completes the task in both modes with the whole module', () => {
    expect(full.kind).toBe('scripted');
    expect(
      full.results.map((result) => [
        result.model,
        result.mode,
        result.check.passed,
        result.error,
      ]),
    ).toEqual(
      ['loader', 'direct-caller', 'misspeller', 'cautious'].flatMap((model) => [
        [model, 'on', true, undefined],
        [model, 'off', true, undefined],
      ]),
    );
    expect(full.toolLoading).toBe('in-conversation');
    expect(listed.toolLoading).toBe('tool-list');
    expect(withoutStubs.toolLoading).toBe('in-conversation-without-stubs');
    for (const report of [listed, withoutStubs])
      expect(
        report.results.map((result) => [
          result.model,
          result.mode,
          result.check.passed,
          result.error,
        ]),
      ).toEqual(
        ['loader', 'direct-caller', 'misspeller', 'cautious'].map((model) => [
          model,
          'on',
          true,
          undefined,
        ]),
      );
  });

  it('in the conversation, the direct-calling persona completes without repair: the refused call carries the definition', () => {
    const on = run(full, 'direct-caller', 'on').figures;
    expect(on.repairedCalls).toBe(0);
    expect(on.unknownNameErrors).toBe(0);
  });

  it('deferred ON sends fewer tool-definition tokens than OFF, at the price of a loadTools round trip', () => {
    const on = run(full, 'loader', 'on').figures;
    const off = run(full, 'loader', 'off').figures;
    expect(on.loadToolsCalls).toBe(1);
    expect(on.modelRequests).toBe(off.modelRequests + 1);
    expect(on.toolDefinitionTokens).toBeLessThan(off.toolDefinitionTokens / 2);
    const summary = full.summaries.find(
      (candidate) => candidate.model === 'loader' && candidate.mode === 'on',
    );
    expect(summary).toMatchObject({
      runs: 1,
      completed: 1,
      extraRoundTrips: 1,
      tokensPerCompletedTask: on.inputTokens,
    });
  });

  it('in the tool list, the direct-calling persona completes through repair, each repair counted', () => {
    const on = run(listed, 'direct-caller', 'on').figures;
    expect(on.repairedCalls).toBe(2);
    expect(on.loadToolsCalls).toBe(0);
    expect(on.unknownNameErrors).toBe(0);
  });

  it('without repair the direct-calling persona fails the task and says it lacks the tool', () => {
    const on = run(withoutRepair, 'direct-caller', 'on');
    expect(on.check.passed).toBe(false);
    expect(on.check.detail).toContain('unchanged');
    expect(on.figures.repairedCalls).toBe(0);
    expect(on.figures.unknownNameErrors).toBeGreaterThanOrEqual(2);
    expect(on.figures.claimsMissingCapability).toBe(true);
  });

  it('the misspelling persona recovers from the unknown-name error, which is counted once', () => {
    const on = run(listed, 'misspeller', 'on').figures;
    expect(on.unknownNameErrors).toBe(1);
    expect(on.loadToolsCalls).toBe(3);
  });

  it('the cautious persona loads what the catalog names, and says "I can\'t" without the catalog', () => {
    expect(run(listed, 'cautious', 'on').figures).toMatchObject({
      loadToolsCalls: 2,
      claimsMissingCapability: false,
    });
    const blind = run(withoutCatalog, 'cautious', 'on');
    expect(blind.check.passed).toBe(false);
    expect(blind.figures).toMatchObject({
      loadToolsCalls: 0,
      claimsMissingCapability: true,
    });
    expect(blind.figures.finalAnswer).toMatch(/can't/);
  });
});
