import {
  decodeStashListCursor,
  encodeStashListCursor,
  InvalidStashListCursorError,
} from './stash-list-cursor';

describe('stash list cursors', () => {
  it('carry the row’s time to the microsecond and its id, and read back the same', () => {
    const position = {
      createdAt: '2026-12-07 01:50:00.123456+00',
      id: '5eed0001-0000-4000-8000-000000000001',
    };
    const cursor = encodeStashListCursor(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeStashListCursor(cursor)).toEqual(position);
  });

  it('refuse anything a list did not give out, saying what to pass', () => {
    for (const cursor of [
      'nope',
      Buffer.from('[1,2]').toString('base64url'),
      Buffer.from(
        '["yesterday","5eed0001-0000-4000-8000-000000000001"]',
      ).toString('base64url'),
      Buffer.from('["2026-12-07 01:50:00+00","not-an-id"]').toString(
        'base64url',
      ),
    ])
      expect(() => decodeStashListCursor(cursor)).toThrow(
        new InvalidStashListCursorError(
          'cursor: not a cursor this list gave out; pass meta.nextCursor of the previous page, or no cursor for the first page',
        ),
      );
  });
});
