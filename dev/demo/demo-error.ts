/**
 * The demo could not play its script: a tool result lacked what the scripted agent looks for,
 * or the chat route answered with an error. The message says which turn and step, and what.
 */
export class DemoError extends Error {
  override readonly name = 'DemoError';
}
