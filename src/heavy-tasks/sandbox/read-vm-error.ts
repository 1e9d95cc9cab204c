import type { QuickJSContext, QuickJSHandle } from 'quickjs-emscripten-core';
import { escapeRegExp } from '../../ground';
import type { ScriptLocation } from './script-sandbox-error';

/** What the host reads of a value thrown inside the sandbox. */
export interface VmError {
  /** `Error`, `TypeError`, `SyntaxError`, `InternalError`, ...; absent for a thrown non-error. */
  readonly name?: string;
  readonly message: string;
  readonly stack?: string;
}

/** The message of a thrown object whose name and message could not be read. */
export const UNREADABLE_OBJECT = 'an object that is not an Error';

/** Longest message or stack read back from the sandbox, in characters. */
const MAX_TEXT_LENGTH = 2_000;

function clip(text: string): string {
  return text.length > MAX_TEXT_LENGTH
    ? `${text.slice(0, MAX_TEXT_LENGTH)}...`
    : text;
}

function readString(
  vm: QuickJSContext,
  handle: QuickJSHandle,
  key: string,
): string | undefined {
  try {
    // A property may be a getter that throws or loops; the caller has set a short deadline.
    const property = vm.getProp(handle, key);
    try {
      return vm.typeof(property) === 'string'
        ? clip(vm.getString(property))
        : undefined;
    } finally {
      property.dispose();
    }
  } catch {
    return undefined;
  }
}

/**
 * Reads a thrown value field by field rather than with `dump` (which serialises the whole value
 * and could run a thrown object's `toJSON`): only `name`, `message` and `stack` strings.
 */
export function readVmError(
  vm: QuickJSContext,
  handle: QuickJSHandle,
): VmError {
  const type = vm.typeof(handle);
  if (type === 'object') {
    const name = readString(vm, handle, 'name');
    const message = readString(vm, handle, 'message');
    const stack = readString(vm, handle, 'stack');
    if (name !== undefined || message !== undefined)
      return { name, message: message ?? '', stack };
    return { message: UNREADABLE_OBJECT };
  }
  if (type === 'string') return { message: clip(vm.getString(handle)) };
  if (type === 'number' || type === 'boolean' || type === 'undefined')
    return { message: String(vm.dump(handle)) };
  return { message: `a ${type}` };
}

/**
 * The first position in `fileName` named by a QuickJS stack (`at f (transform.js:3:18)`, or
 * `at transform.js:3:9` for a syntax error).
 */
export function findLocation(
  stack: string | undefined,
  fileName: string,
): ScriptLocation | undefined {
  if (stack === undefined) return undefined;
  const match = new RegExp(`${escapeRegExp(fileName)}:(\\d+):(\\d+)`).exec(
    stack,
  );
  return match
    ? { line: Number(match[1]), column: Number(match[2]) }
    : undefined;
}
