import { transactionControl } from './transaction-control';

describe('transactionControl', () => {
  it.each([
    ['begin', { statement: 'begin', options: '' }],
    ['BEGIN;', { statement: 'begin', options: '' }],
    [
      'start transaction isolation level serializable read only',
      { statement: 'begin', options: 'isolation level serializable read only' },
    ],
    ['commit', { statement: 'commit' }],
    [' END ; ', { statement: 'commit' }],
    ['rollback', { statement: 'rollback' }],
  ])('reads %j as a transaction statement', (text, expected) => {
    expect(transactionControl(text)).toEqual(expected);
  });

  it.each([
    'rollback to savepoint s1',
    'select 1',
    'begin; select 1',
    "select 'begin'",
    'committed_at',
  ])('leaves %j alone', (text) => {
    expect(transactionControl(text)).toBeUndefined();
  });
});
