import { ToolError } from '../ground';
import { DocumentError } from '../document';
import { reviveError, transportError } from './transported-error';

describe('an error crossing back from a worker', () => {
  it('comes back as the ToolError the model reads, from a ToolError or a DocumentError', () => {
    for (const thrown of [
      new ToolError('conflict', 'the page changed', { version: 3 }),
      new DocumentError('not_found', 'this page has no tables', { tables: 0 }),
    ]) {
      // Structured cloning is what a worker's message goes through.
      const revived = reviveError(structuredClone(transportError(thrown)));
      expect(revived).toBeInstanceOf(ToolError);
      expect(revived).toMatchObject({
        code: thrown.code,
        message: thrown.message,
        details: thrown.details,
      });
    }
  });

  it('comes back as a plain Error naming the worker for anything else (a bug)', () => {
    const revived = reviveError(
      structuredClone(transportError(new TypeError('x is undefined'))),
    );
    expect(revived).not.toBeInstanceOf(ToolError);
    expect(revived.message).toBe(
      'TypeError in a heavy-work worker: x is undefined',
    );
  });
});
