import { errorMessage, messageWithCause } from './error-message';

describe('messageWithCause', () => {
  it('adds the first line of the cause’s message', () => {
    const error = new Error(
      'database unavailable: connection refused; try again',
      {
        cause: new Error('connect ECONNREFUSED 10.0.0.5:5432\n    at stack'),
      },
    );
    expect(messageWithCause(error)).toBe(
      'database unavailable: connection refused; try again [connect ECONNREFUSED 10.0.0.5:5432]',
    );
  });

  it('is the message alone without a cause that has one', () => {
    expect(messageWithCause(new Error('boom'))).toBe('boom');
    expect(messageWithCause(new Error('boom', { cause: 'text' }))).toBe('boom');
    expect(messageWithCause(new Error('boom', { cause: new Error('') }))).toBe(
      'boom',
    );
  });
});

describe('errorMessage', () => {
  it("is an error's message, and any other thrown value as text", () => {
    expect(errorMessage(new Error('connection refused'))).toBe(
      'connection refused',
    );
    expect(errorMessage('timeout')).toBe('timeout');
    expect(errorMessage(undefined)).toBe('undefined');
  });
});
