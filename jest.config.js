/**
 * Two projects: unit specs beside the code (src/**), integration specs under test/.
 * One PostgreSQL serves the whole run (embedded unless DATABASE_URL is set); global setup
 * migrates and seeds template databases, and every integration file clones its own.
 */
const transform = { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] };

/** @type {import('jest').Config} */
module.exports = {
  // Per-project testTimeout is ignored by jest; integration tests boot Nest and query Postgres.
  testTimeout: 60000,
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      transform,
      testMatch: ['<rootDir>/src/**/*.spec.ts'],
    },
    {
      displayName: 'integration',
      testEnvironment: 'node',
      transform,
      testMatch: ['<rootDir>/test/**/*.spec.ts'],
      // Per-project global setup runs only when a test of this project runs, so unit-only
      // runs never start PostgreSQL.
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
  ],
};
