import { ToolError } from '../ground';
import { parseLoadToolsInput } from './load-tools-input';

function rejection(input: unknown): ToolError {
  try {
    parseLoadToolsInput(input);
  } catch (error) {
    if (error instanceof ToolError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

describe('parseLoadToolsInput', () => {
  it('returns the names of a valid input', () => {
    expect(parseLoadToolsInput({ names: ['getTable', 'patchNode'] })).toEqual([
      'getTable',
      'patchNode',
    ]);
  });

  it.each([
    [null, /must be an object; got null/],
    [['getTable'], /must be an object; got an array/],
    [{}, /"names" must be an array of tool names; got nothing/],
    [
      { names: 'getTable' },
      /"names" must be an array of tool names; got string "getTable"/,
    ],
    [{ names: [] }, /"names" is empty/],
    [
      { names: ['getTable', 7] },
      /"names\[1\]" must be a tool name string; got number 7/,
    ],
    [{ names: ['getTable', 'getTable'] }, /lists "getTable" more than once/],
    [{ names: ['getTable'], force: true }, /unexpected "force"/],
  ])('rejects %j with a message naming the problem', (input, message) => {
    const error = rejection(input);
    expect(error.code).toBe('invalid_input');
    expect(error.message).toMatch(message);
  });

  it('rejects more than 50 names', () => {
    const error = rejection({
      names: Array.from({ length: 51 }, (_, index) => `tool${index}`),
    });
    expect(error.code).toBe('limit_exceeded');
    expect(error.message).toMatch(/51 names; at most 50/);
  });

  it('accepts exactly 50 names', () => {
    expect(
      parseLoadToolsInput({
        names: Array.from({ length: 50 }, (_, index) => `tool${index}`),
      }),
    ).toHaveLength(50);
  });
});
