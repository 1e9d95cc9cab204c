import { StartupError } from '../../src';

/**
 * The one line a command prints before exiting 1. A StartupError's message already names the
 * cause and the variable to fix; anything else is unexpected, so its name is kept too.
 */
export function fatalErrorLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const oneLine = message.replace(/\s*\n\s*/g, ' ').trim() || 'unknown error';
  if (
    error instanceof StartupError ||
    !(error instanceof Error) ||
    error.name === 'Error'
  )
    return `error: ${oneLine}`;
  return `error: ${error.name}: ${oneLine}`;
}
