import type { BenchCluster } from '../../dev/bench/bench-database';
import { dropLargeWorkspace } from '../../dev/bench/large-workspace';
import {
  LARGE_RUN_BEGIN,
  LARGE_RUN_END,
  withLargeRunSection,
} from '../../dev/bench/render-large-bench';
import {
  largeBenchFiguresJson,
  runLargeBench,
  type LargeBenchFigures,
} from '../../dev/bench/run-large-bench';
import { testDatabaseDriver } from '../support/test-database';
import { requireTestEnv, TEST_ENV } from '../support/test-environment';

/**
 * The large run end to end on a small volume: each figure measures what it claims and the JSON
 * keeps its documented keys. No timing is asserted: timings are the bench's own output.
 */
describe('the large-workspace bench', () => {
  let figures: LargeBenchFigures;
  let cluster: BenchCluster;
  // Runs in the pg project only (jest.config.js); the name carries the driver all the same, so
  // a run through another driver never meets this one's database.
  const databaseName = `ai_tools_bench_large_test_${testDatabaseDriver().replace('-', '_')}`;

  beforeAll(async () => {
    cluster = {
      adminUrl: requireTestEnv(TEST_ENV.adminUrl),
      description: 'the test cluster',
      driver: testDatabaseDriver(),
      stop: async () => undefined,
    };
    figures = await runLargeBench({
      cluster,
      volume: { pages: 2_000, comments: 20_000 },
      databaseName,
      runs: {
        count: { fast: 3, withoutIndex: 1, naive: 1 },
        interceptorSmall: 20,
        interceptorLarge: 5,
        search: 2,
      },
    });
  }, 180_000);
  afterAll(async () => {
    await dropLargeWorkspace(cluster, databaseName);
  });

  it('counts at 1, 10 and 50 pages with both watermarks, four ways, the naive read finding what the count finds', () => {
    expect(
      figures.count.cases.map((entry) => [
        entry.workingSetPages,
        entry.watermark,
      ]),
    ).toEqual([
      [1, '10min'],
      [1, '30d'],
      [10, '10min'],
      [10, '30d'],
      [50, '10min'],
      [50, '30d'],
    ]);
    for (const entry of figures.count.cases) {
      for (const latency of [
        entry.module,
        entry.moduleInTransaction,
        entry.bareStatement,
      ])
        expect(latency.runs).toBe(3);
      expect(entry.withoutIndex.runs).toBe(1);
      expect(entry.naivePerPage.runs).toBe(1);
    }
    const newComments = (pages: number, watermark: string) =>
      figures.count.cases.find(
        (entry) =>
          entry.workingSetPages === pages && entry.watermark === watermark,
      )!.newComments;
    // An older watermark and a larger working set can only find more.
    expect(newComments(50, '30d')).toBeGreaterThan(newComments(50, '10min'));
    expect(newComments(50, '30d')).toBeGreaterThanOrEqual(
      newComments(1, '30d'),
    );
    expect(figures.count.plan.usesCountIndex).toBe(true);
  });

  it('reuses the database it built', async () => {
    expect(figures.volume.built).toBe(true);
    const again = await runLargeBench({
      cluster,
      volume: { pages: 2_000, comments: 20_000 },
      databaseName,
      runs: {
        count: { fast: 1, withoutIndex: 1, naive: 1 },
        interceptorSmall: 5,
        interceptorLarge: 2,
        search: 1,
      },
    });
    expect(again.volume.built).toBe(false);
    // The same comments (the 10-minute window moves on between runs; 30 days back hardly anything changes).
    const monthOld = (run: LargeBenchFigures) =>
      run.count.cases
        .filter((entry) => entry.watermark === '30d')
        .map((entry) => entry.newComments);
    expect(monthOld(again)).toEqual(monthOld(figures));
  }, 180_000);

  it('searches the generated workspace: a title lookup finds its page, a made-up word nothing', () => {
    const [title, , , huge, none] = figures.search.queries;
    expect(title!.hits).toBeGreaterThan(0);
    expect(title!.matchingPages).toBeGreaterThan(0);
    expect(huge!.hits).toBeGreaterThan(0);
    expect(none!.matchingPages).toBe(0);
    expect(none!.hits).toBe(0);
  });

  it('carries every figure under the documented keys in its JSON, and rewrites only its own section', () => {
    const json = JSON.parse(largeBenchFiguresJson(figures)) as {
      large: Record<string, any>;
    };
    const large = json.large;
    expect(Object.keys(large.goals).sort()).toEqual([
      'countHundredTimesCheaperThanNaiveAt50',
      'countWithinOnePointThreeOfBare',
      'interceptorLargeWithin300Microseconds',
      'interceptorSmallWithin20Microseconds',
      'searchP99Within100Ms',
      'searchUsesGinIndex',
    ]);
    for (const key of [
      'module',
      'moduleInTransaction',
      'bareStatement',
      'withoutIndex',
      'naivePerPage',
    ]) {
      expect(Object.keys(large.count.cases[0][key]).sort()).toEqual([
        'meanMs',
        'p50Ms',
        'p95Ms',
        'p99Ms',
        'runs',
      ]);
    }
    expect(Object.keys(large.count.cases[0].ratios).sort()).toEqual([
      'moduleOverBare',
      'naiveOverModule',
      'transactionOverBare',
      'withoutIndexOverModule',
    ]);
    for (const key of ['small', 'outline300KB', 'pageJson300KB'])
      expect(
        Object.keys(large.interceptor[key].overheadMicroseconds).sort(),
      ).toEqual(['p50', 'p95', 'p99']);
    expect(large.interceptor.outline300KB.resultBytes).toBeGreaterThanOrEqual(
      300 * 1024,
    );
    expect(Object.keys(large.search.overall).sort()).toEqual([
      'meanMs',
      'p50Ms',
      'p95Ms',
      'p99Ms',
      'runs',
    ]);
    expect(typeof large.search.plan.usesGinIndex).toBe('boolean');
    expect(large.count.plan.lines).toBeUndefined();

    const document = `# Benchmarks\n\nIntro.\n\n${LARGE_RUN_BEGIN}\nold figures\n${LARGE_RUN_END}\n\nAfter.\n`;
    const rewritten = withLargeRunSection(document, figures);
    expect(rewritten.startsWith('# Benchmarks\n\nIntro.\n\n')).toBe(true);
    expect(rewritten.endsWith(`${LARGE_RUN_END}\n\nAfter.\n`)).toBe(true);
    expect(rewritten).not.toContain('old figures');
    expect(rewritten).toContain('| pages | watermark | new comments |');
    expect(withLargeRunSection(rewritten, figures)).toBe(rewritten);
  });
});
