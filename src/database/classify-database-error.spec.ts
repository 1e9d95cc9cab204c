import { classifyDatabaseError } from './classify-database-error';

function withCode(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('classifyDatabaseError', () => {
  it.each([
    [
      'node-postgres, backend terminated',
      withCode('terminating connection due to administrator command', '57P01'),
      'the server terminated the connection',
      true,
    ],
    [
      'postgres.js, socket closed',
      withCode('write CONNECTION_CLOSED 127.0.0.1:5432', 'CONNECTION_CLOSED'),
      'connection closed',
      true,
    ],
    [
      'a reset socket',
      withCode('read ECONNRESET', 'ECONNRESET'),
      'connection reset',
      true,
    ],
    [
      'node-postgres, socket ended',
      new Error('Connection terminated unexpectedly'),
      'connection lost',
      true,
    ],
    [
      'a connection exception of class 08',
      withCode('protocol violation', '08P01'),
      'connection failure',
      true,
    ],
    [
      'a refused connection',
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      'connection refused',
      false,
    ],
    [
      'the statement timeout',
      withCode('canceling statement due to statement timeout', '57014'),
      'the statement ran past the statement timeout',
      false,
    ],
    [
      'node-postgres pool, connect timeout',
      new Error('timeout exceeded when trying to connect'),
      'no connection within the connect timeout',
      false,
    ],
  ])('reads %s as unavailable', (_, error, reason, connectionLost) => {
    expect(classifyDatabaseError(error)).toMatchObject({
      reason,
      connectionLost,
    });
  });

  it.each([
    [
      'a unique violation',
      withCode(
        'duplicate key value violates unique constraint "pages_pkey"',
        '23505',
      ),
    ],
    ['a syntax error', withCode('syntax error at or near "selec"', '42601')],
    [
      'a serialization failure',
      withCode('could not serialize access', '40001'),
    ],
    [
      'a plain bug',
      new TypeError("Cannot read properties of undefined (reading 'id')"),
    ],
    ['a thrown string', 'boom'],
    [
      'a message that merely quotes a driver phrase',
      new Error('"this is not queryable" is not in the text of page x'),
    ],
    ['a code that is an object property name', withCode('odd', 'constructor')],
  ])('leaves %s to the caller', (_, error) => {
    expect(classifyDatabaseError(error)).toBeUndefined();
  });
});
