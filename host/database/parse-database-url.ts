import { StartupError } from '../../src';

/** Validates `DATABASE_URL` up front so a typo fails with a readable message, not a pg stack. */
export function parseDatabaseUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new StartupError(
      'DATABASE_URL is not a valid URL; expected postgres://user:password@host:5432/database',
      'DATABASE_URL',
    );
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new StartupError(
      `DATABASE_URL has protocol "${url.protocol.replace(/:$/, '')}"; expected postgres:// or postgresql://`,
      'DATABASE_URL',
    );
  }
  if (!url.hostname) {
    throw new StartupError(
      'DATABASE_URL has no host; expected postgres://user:password@host:5432/database',
      'DATABASE_URL',
    );
  }
  if (url.pathname.replace(/^\//, '') === '') {
    throw new StartupError(
      'DATABASE_URL names no database; expected postgres://user:password@host:5432/database',
      'DATABASE_URL',
    );
  }
  return url;
}

/** The URL without its password, for log lines and error messages. */
export function redactDatabaseUrl(url: URL): string {
  const copy = new URL(url.toString());
  if (copy.password) copy.password = '***';
  return copy.toString();
}
