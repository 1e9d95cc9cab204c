import type { JSONSchema7 } from 'ai';
import { abbreviate } from '../ground';
import { ToolError } from '../registry/tool-error';

export const LOAD_TOOLS_NAME = 'loadTools';

/** More than this in one call is almost certainly a model dumping the whole catalog. */
export const LOAD_TOOLS_MAX_NAMES = 50;

/**
 * What the model sees as `loadTools`' input schema: the shape only, as for every registry tool
 * (no bounds or `additionalProperties`). `parseLoadToolsInput` checks the rest (1 to 50
 * distinct names, no other key) and says what was wrong.
 */
export const LOAD_TOOLS_INPUT_JSON_SCHEMA: JSONSchema7 = {
  type: 'object',
  properties: {
    names: {
      type: 'array',
      description:
        'Exact tool names from the <tool_catalog> block, each at most once.',
      items: { type: 'string' },
    },
  },
  required: ['names'],
};

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object'
    ? 'an object'
    : `${typeof value} ${abbreviate(JSON.stringify(value) ?? String(value))}`;
}

/**
 * Checks the shape of a `loadTools` input and returns the names. Every message says what was
 * wrong and what is valid; the names themselves are checked against the turn's deferred set
 * by the caller.
 */
export function parseLoadToolsInput(input: unknown): readonly string[] {
  const expected = `expected { "names": ["<tool name>", ...] } with 1 to ${LOAD_TOOLS_MAX_NAMES} distinct names`;
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new ToolError(
      'invalid_input',
      `loadTools input must be an object; got ${describe(input)}; ${expected}`,
    );
  }
  const extra = Object.keys(input).filter((key) => key !== 'names');
  if (extra.length > 0) {
    throw new ToolError(
      'invalid_input',
      `loadTools accepts only "names"; unexpected ${extra.map((key) => `"${abbreviate(key)}"`).join(', ')}; ${expected}`,
    );
  }
  const names = (input as { names?: unknown }).names;
  if (!Array.isArray(names)) {
    throw new ToolError(
      'invalid_input',
      `loadTools "names" must be an array of tool names; got ${names === undefined ? 'nothing' : describe(names)}; ${expected}`,
    );
  }
  if (names.length === 0)
    throw new ToolError(
      'invalid_input',
      `loadTools "names" is empty; ${expected}`,
    );
  if (names.length > LOAD_TOOLS_MAX_NAMES) {
    throw new ToolError(
      'limit_exceeded',
      `loadTools "names" lists ${names.length} names; at most ${LOAD_TOOLS_MAX_NAMES} per call`,
    );
  }
  const seen = new Set<string>();
  names.forEach((name, index) => {
    if (typeof name !== 'string') {
      throw new ToolError(
        'invalid_input',
        `loadTools "names[${index}]" must be a tool name string; got ${describe(name)}`,
      );
    }
    if (seen.has(name))
      throw new ToolError(
        'invalid_input',
        `loadTools "names" lists "${abbreviate(name)}" more than once; pass each name once`,
      );
    seen.add(name);
  });
  return names as string[];
}
