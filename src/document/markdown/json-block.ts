/**
 * The dialect's escape hatch: a node the Markdown syntax cannot carry exactly (a table with
 * merged cells, a diagram, an embed, unusual attributes) is written as a fenced block of its
 * ProseMirror JSON, so any valid document survives export and import unchanged.
 */
export const JSON_BLOCK_LANGUAGE = 'docmost-json';

function longestBacktickRun(text: string): number {
  let longest = 0;
  for (const run of text.match(/`+/g) ?? [])
    longest = Math.max(longest, run.length);
  return longest;
}

/** A fence of backticks longer than any run inside `text`, so the text cannot close it. */
export function fenceFor(text: string): string {
  return '`'.repeat(Math.max(3, longestBacktickRun(text) + 1));
}

/** ```` ```docmost-json ```` + the node as one line of JSON (compact: it costs the model tokens) + the closing fence. */
export function jsonBlock(node: unknown): string {
  const json = JSON.stringify(node);
  const fence = fenceFor(json);
  return `${fence}${JSON_BLOCK_LANGUAGE}\n${json}\n${fence}`;
}
