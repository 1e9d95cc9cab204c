import { createConnectionErrorLog } from './connection-error-log';

describe('createConnectionErrorLog', () => {
  it('writes the first loss at once, then one line per interval counting the others', () => {
    const lines: string[] = [];
    let now = 0;
    const log = createConnectionErrorLog(
      (line) => lines.push(line),
      10_000,
      () => now,
    );
    log(
      new Error(
        'terminating connection due to administrator command\nDETAIL: x',
      ),
    );
    now = 1_000;
    log(new Error('Connection terminated unexpectedly'));
    log(new Error('Connection terminated unexpectedly'));
    now = 10_500;
    log(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
    expect(lines).toEqual([
      'warning: database connection lost: terminating connection due to administrator command; the pool reconnects on the next query\n',
      'warning: database connection lost: connect ECONNREFUSED 127.0.0.1:5432 (2 more since the last line); the pool reconnects on the next query\n',
    ]);
  });
});
