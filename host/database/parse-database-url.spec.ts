import { parseDatabaseUrl, redactDatabaseUrl } from './parse-database-url';
import { StartupError } from '../../src';

describe('parseDatabaseUrl', () => {
  it('accepts postgres:// and postgresql:// URLs', () => {
    expect(parseDatabaseUrl('postgres://u:p@db:5432/docmost').hostname).toBe(
      'db',
    );
    expect(parseDatabaseUrl('postgresql://db/docmost').pathname).toBe(
      '/docmost',
    );
  });

  it.each([
    [
      'foo',
      'DATABASE_URL is not a valid URL; expected postgres://user:password@host:5432/database',
    ],
    [
      'mysql://u:p@db/docmost',
      'DATABASE_URL has protocol "mysql"; expected postgres:// or postgresql://',
    ],
    ['postgres:///docmost', 'DATABASE_URL has no host'],
    ['postgres://u:p@db:5432', 'DATABASE_URL names no database'],
    ['postgres://u:p@db:5432/', 'DATABASE_URL names no database'],
  ])('rejects %s with a message naming DATABASE_URL', (value, message) => {
    let thrown: unknown;
    try {
      parseDatabaseUrl(value);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(StartupError);
    expect((thrown as StartupError).variable).toBe('DATABASE_URL');
    expect((thrown as StartupError).message).toContain(message);
  });

  it('redacts the password for log lines', () => {
    expect(
      redactDatabaseUrl(
        parseDatabaseUrl('postgres://u:secret@db:5432/docmost'),
      ),
    ).toBe('postgres://u:***@db:5432/docmost');
  });
});
