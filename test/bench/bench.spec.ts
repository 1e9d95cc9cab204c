import { sql } from 'kysely';
import { runBench, type BenchFigures } from '../../dev/bench/run-bench';
import { selectScenarios } from '../../dev/eval/scenarios';
import { createKysely } from '../../src/database';
import { testDatabaseDriver } from '../support/test-database';
import { requireTestEnv, TEST_ENV } from '../support/test-environment';

/**
 * `npm run bench` end to end on a small volume: what each figure claims to measure is what
 * happened (no timing or heap size is asserted: they are the bench's own output, and heap deltas
 * under a parallel test run are noise).
 */
describe('the benchmarks', () => {
  let figures: BenchFigures;
  const adminUrl = () => requireTestEnv(TEST_ENV.adminUrl);
  // Runs in the pg project only (jest.config.js); the name carries the driver all the same, so
  // a run through another driver never meets this one's database.
  const databaseName = `ai_tools_bench_test_${testDatabaseDriver().replace('-', '_')}`;

  beforeAll(async () => {
    figures = await runBench({
      cluster: {
        adminUrl: adminUrl(),
        description: 'the test cluster',
        driver: testDatabaseDriver(),
        stop: async () => undefined,
      },
      volume: { pages: 60, comments: 3000 },
      databaseName,
      workingSetPages: 50,
      // The cache figures of every chat are test/bench/chat-cache.spec.ts: one short chat here.
      cacheChats: selectScenarios(['share-not-asked']),
      migratedTemplate: requireTestEnv(TEST_ENV.migratedTemplate),
      runs: {
        registryBuilds: 2,
        perTurnToolSets: 5,
        toolCalls: 20,
        countQueries: 5,
        sessions: 50,
        livePageCalls: 6,
      },
    });
  }, 180_000);

  it('measures live pages: edits that reach a real editor, live and database reads, on a small and a ~300 KB page', () => {
    const { small, large } = figures.livePages;
    expect(large.documentBytes).toBeGreaterThan(250_000);
    expect(small.documentBytes).toBeLessThan(10_000);
    for (const page of [small, large])
      for (const latency of [
        page.writeToEditor,
        page.liveRead,
        page.databaseRead,
      ]) {
        expect(latency.runs).toBeGreaterThanOrEqual(5);
        expect(latency.p99Ms).toBeGreaterThanOrEqual(latency.p50Ms);
      }
  });

  it('counts fewer tool tokens with deferred tools on, the catalog included, and more after each load', () => {
    const { deferredOn, afterLoadingOne, afterLoadingThree, deferredOff } =
      figures.toolTokens;
    expect([
      deferredOn.tools,
      afterLoadingOne.tools,
      afterLoadingThree.tools,
    ]).toEqual([14, 15, 17]);
    expect(deferredOff.tools).toBe(figures.toolTokens.boundTools);
    expect(deferredOn.catalogTokens).toBeGreaterThan(0);
    expect(deferredOff.catalogTokens).toBe(0);
    expect(deferredOn.totalTokens).toBeLessThan(afterLoadingOne.totalTokens);
    expect(afterLoadingOne.totalTokens).toBeLessThan(
      afterLoadingThree.totalTokens,
    );
    expect(afterLoadingThree.totalTokens).toBeLessThan(deferredOff.totalTokens);
  });

  it('plays the cache chats through the reference host in every arm', () => {
    const [chat] = figures.chatCache.chats;
    expect(figures.chatCache.chats).toHaveLength(1);
    expect(chat!.id).toBe('share-not-asked');
    for (const arm of ['docmost', 'off', 'on'] as const) {
      expect(chat!.arms[arm].completed).toBe(true);
      expect(chat!.arms[arm].inputTokens).toBeGreaterThan(0);
    }
  });

  it('runs a count query on every call with debounce 0 and almost none with the default debounce', () => {
    const signal = figures.commentSignal;
    expect(signal.workingSetPages).toBe(50);
    expect(signal.withoutSignal.countQueriesPerCall).toBe(0);
    expect(signal.debounceZero.countQueriesPerCall).toBe(1);
    expect(signal.defaultDebounce.countQueriesPerCall).toBeLessThan(0.1);
    expect(signal.debounceZero.checkFailures).toBe(0);
  });

  it("shows the count query using the module's index, and Docmost's own index once it is dropped", () => {
    const count = figures.countQuery;
    expect(count.withIndexPlan.usesCountIndex).toBe(true);
    expect(count.withIndexPlan.lines.join('\n')).toContain(
      'idx_comments_page_id_created_at',
    );
    expect(count.withoutIndexPlan.usesCountIndex).toBe(false);
    expect(count.newComments).toBeGreaterThan(0);
  });

  it('three-turn chat: carrying the activated tools leaves fewer tokens uncached than starting every turn cold', () => {
    const byMode = Object.fromEntries(
      figures.threeTurnChat.modes.map((mode) => [mode.mode, mode]),
    );
    expect(Object.keys(byMode)).toEqual([
      'all-active',
      'deferred-cold',
      'deferred-carried',
    ]);
    expect(byMode['deferred-carried']!.uncachedTokens).toBeLessThan(
      byMode['deferred-cold']!.uncachedTokens,
    );
  });

  it('drops its database afterwards', async () => {
    const admin = createKysely({ connectionString: adminUrl(), max: 1 });
    try {
      const { rows } = await sql<{
        count: number;
      }>`select count(*) as count from pg_database where datname = ${databaseName}`.execute(
        admin,
      );
      expect(rows[0]?.count).toBe(0);
    } finally {
      await admin.destroy();
    }
  });
});
