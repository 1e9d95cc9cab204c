/**
 * The Docmost checks (`npm run test:docmost`, test/docmost/README.md): Docmost itself, prepared
 * from DOCMOST_SOURCE with the README's mount, in real processes. Not part of `npm test`, whose
 * projects leave test/docmost/ out.
 */
/** @type {import('jest').Config} */
module.exports = {
  displayName: 'docmost',
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] },
  testMatch: ['<rootDir>/test/docmost/**/*.spec.ts'],
  globalSetup: '<rootDir>/test/docmost/global-setup.ts',
  globalTeardown: '<rootDir>/test/docmost/global-teardown.ts',
  // Each check boots Docmost servers (tens of seconds each on a loaded 2-core machine): one
  // file at a time, so boots do not starve each other.
  maxWorkers: 1,
  testTimeout: 600000,
};
