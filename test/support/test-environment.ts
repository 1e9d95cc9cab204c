/** Environment variables global setup hands to every test worker. */
export const TEST_ENV = {
  adminUrl: 'AI_TOOLS_TEST_ADMIN_URL',
  migratedTemplate: 'AI_TOOLS_TEST_MIGRATED_TEMPLATE',
  seededTemplate: 'AI_TOOLS_TEST_SEEDED_TEMPLATE',
} as const;

export function databaseUrlFor(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export function requireTestEnv(name: string): string {
  const value = process.env[name];
  if (!value)
    throw new Error(
      `${name} is not set: run integration tests through jest (npm test), whose global setup starts PostgreSQL`,
    );
  return value;
}
