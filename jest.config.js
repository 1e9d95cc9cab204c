/**
 * Projects: unit specs beside the code (src/**, host/**, dev/**), and the integration specs under test/ twice,
 * once per database driver (node-postgres, and postgres.js as Docmost's server connects), each
 * test file's database served through the driver under test.
 * One PostgreSQL serves the whole run (embedded unless DATABASE_URL is set): both integration
 * projects name the same global setup, which jest runs once; it migrates and seeds template
 * databases, and every integration file clones its own.
 */
const transform = { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] };

/** The Docmost checks: `npm run test:docmost` (jest.docmost.config.js), not `npm test`. */
const DOCMOST_CHECKS = '<rootDir>/test/docmost/';

/**
 * Run once, in the postgres.js project: the consumer test's app connects through postgres.js, as
 * Docmost's server does, whatever the project; the commands' exit statuses (test/commands) are a
 * property of the process, not of the driver.
 */
const POSTGRES_JS_ONLY = [
  '<rootDir>/test/consumer/',
  '<rootDir>/test/commands/',
];

/**
 * Run once, in the pg project, the driver `npm run eval` and `npm run bench` use by default:
 * - the browser tests drive the web app, whose server is the same on either driver;
 * - the eval's runs (floor, personas, real model) measure what a model completes through the
 *   chat, 44 host boots for the floor alone; what the eval's checks read through each driver is
 *   test/eval/scenario-checks.spec.ts, in both projects;
 * - the benchmarks' spec checks what each figure claims to measure (tool counts, count queries,
 *   the count query's plan), the same on either driver;
 * - the heavy-work test is about the worker threads (deadlines, memory, health while they run);
 *   reading and writing large pages through each driver is test/reliability/large-page-reads
 *   and large-page-writes, in both projects.
 */
const PG_ONLY = [
  '<rootDir>/test/browser/',
  '<rootDir>/test/eval/eval-floor.spec.ts',
  '<rootDir>/test/eval/eval-personas.spec.ts',
  '<rootDir>/test/eval/eval-real-model.spec.ts',
  '<rootDir>/test/bench/',
  '<rootDir>/test/reliability/heavy-work.spec.ts',
];

/** @param {'pg' | 'postgres-js'} driver */
function integration(driver) {
  return {
    displayName: `integration-${driver}`,
    testEnvironment: 'node',
    transform,
    testMatch: ['<rootDir>/test/**/*.spec.ts'],
    // Read by test/support/select-database-driver.ts, which sets DB_DRIVER for the file (and
    // for the servers it spawns).
    globals: { testDatabaseDriver: driver },
    // Most integration files run in both projects: their queries are what a driver could get
    // wrong. A few test something the driver does not change, and run in one project only
    // (each costs tens of seconds, the suite's time is issue 36):
    // test/docmost/ is Docmost itself (`npm run test:docmost`, its own jest config).
    testPathIgnorePatterns:
      driver === 'pg'
        ? ['/node_modules/', DOCMOST_CHECKS, ...POSTGRES_JS_ONLY]
        : ['/node_modules/', DOCMOST_CHECKS, ...PG_ONLY],
    setupFiles: ['<rootDir>/test/support/select-database-driver.ts'],
    // Per-project global setup runs only when a test of this project runs, so unit-only
    // runs never start PostgreSQL.
    globalSetup: '<rootDir>/test/support/global-setup.ts',
    globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  };
}

/** @type {import('jest').Config} */
module.exports = {
  // Per-project testTimeout is ignored by jest; integration tests boot Nest and query Postgres.
  testTimeout: 60000,
  // One worker per core. Jest's default leaves one core free, which on a 2-core machine means
  // one file at a time in jest's own process, while most integration files spend much of their
  // time waiting on PostgreSQL, a spawned server or a browser: two files at a time keep both
  // cores busy (BENCHMARKS.md, "The test suite"). Every file has its own database, so files
  // never share state; `--runInBand` (or `-i`) still runs one at a time.
  maxWorkers: '100%',
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      transform,
      testMatch: ['<rootDir>/{src,host,dev}/**/*.spec.ts'],
    },
    {
      // The browser entry's pure parts (client/): Node, compiled to CommonJS for jest, its
      // ES-module `.js` import specifiers mapped back to the TypeScript sources.
      displayName: 'client',
      testEnvironment: 'node',
      transform: {
        '^.+\\.tsx?$': ['ts-jest', { tsconfig: 'client/spec/tsconfig.json' }],
      },
      testMatch: ['<rootDir>/client/**/*.spec.ts'],
      moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
    },
    integration('pg'),
    integration('postgres-js'),
  ],
};
