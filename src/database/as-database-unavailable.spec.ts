import { asDatabaseUnavailable } from './as-database-unavailable';
import { DatabaseUnavailableError } from './database-unavailable-error';

function refused(): Error {
  return Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), {
    code: 'ECONNREFUSED',
  });
}

describe('asDatabaseUnavailable', () => {
  it('names the reason for the model and keeps the driver’s words (host, port) in the cause only', () => {
    const original = refused();
    const error = asDatabaseUnavailable(original);
    expect(error).toBeInstanceOf(DatabaseUnavailableError);
    expect((error as Error).message).toBe(
      'database unavailable: connection refused; try again',
    );
    expect((error as Error).cause).toBe(original);
    expect((error as DatabaseUnavailableError).code).toBe('ECONNREFUSED');
  });

  it('tells the caller when the connection itself is gone', () => {
    let lost = false;
    asDatabaseUnavailable(
      new Error(
        'Client has encountered a connection error and is not queryable',
      ),
      () => (lost = true),
    );
    expect(lost).toBe(true);
  });

  it('returns an error of the statement, or one already classified, unchanged', () => {
    const statement = Object.assign(
      new Error('relation "pages" does not exist'),
      {
        code: '42P01',
      },
    );
    expect(asDatabaseUnavailable(statement)).toBe(statement);
    const classified = new DatabaseUnavailableError(
      'database unavailable: x',
      'X',
    );
    expect(asDatabaseUnavailable(classified)).toBe(classified);
  });
});
