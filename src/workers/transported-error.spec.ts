import { ToolError } from '../ground';
import { resolveTable } from '../document';
import { reviveError, transportError } from './transported-error';

/** What the document model throws for a table that is not there. */
function tableRefusal(): unknown {
  try {
    resolveTable({ type: 'doc', content: [] }, 0);
  } catch (error) {
    return error;
  }
  throw new Error('resolveTable found a table in an empty page');
}

describe('an error crossing back from a worker', () => {
  it('comes back as the ToolError the model reads, from a tool or the document model', () => {
    for (const thrown of [
      new ToolError('conflict', 'the page changed', { version: 3 }),
      tableRefusal() as ToolError,
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
