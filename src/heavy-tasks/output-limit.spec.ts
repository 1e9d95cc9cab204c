import { ToolError } from '../ground';
import { fitItems, outputChars, refuseOversizedOutput } from './output-limit';

describe('refuseOversizedOutput', () => {
  it('returns a result that fits unchanged', () => {
    const result = { pageId: 'p', content: 'x'.repeat(100) };
    expect(
      refuseOversizedOutput(result, {
        what: 'page p',
        readInstead: 'use getOutline',
        limit: 1000,
      }),
    ).toBe(result);
  });

  it('refuses a larger one with its size, the limit and where to read instead', () => {
    const result = { content: 'x'.repeat(5000) };
    let error: unknown;
    try {
      refuseOversizedOutput(result, {
        what: 'page "Big" (p1)',
        readInstead: 'use getOutline and getNode, or stashPage',
        limit: 1000,
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ToolError);
    expect((error as ToolError).code).toBe('limit_exceeded');
    expect((error as ToolError).message).toBe(
      `page "Big" (p1) is ${outputChars(result)} characters as JSON, over the limit of 1000 for one tool result; use getOutline and getNode, or stashPage`,
    );
  });
});

describe('fitItems', () => {
  it('keeps the leading whole items whose JSON fits, and hands back the rest', () => {
    const items = ['a'.repeat(40), 'b'.repeat(40), 'c'.repeat(40)];
    const { kept, omitted } = fitItems(items, 90);
    expect(kept).toEqual([items[0], items[1]]);
    expect(omitted).toEqual([items[2]]);
    expect(outputChars(kept)).toBeLessThanOrEqual(90);
  });

  it('keeps everything that fits and nothing when the first item alone is too large', () => {
    expect(fitItems([1, 2, 3], 100)).toEqual({ kept: [1, 2, 3], omitted: [] });
    expect(fitItems(['x'.repeat(200), 'y'], 100)).toEqual({
      kept: [],
      omitted: ['x'.repeat(200), 'y'],
    });
  });
});
