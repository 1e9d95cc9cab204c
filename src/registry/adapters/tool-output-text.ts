/**
 * The text a model reads for a tool's raw output: a string as is, anything else as JSON
 * (`undefined` as `null`). This is how `ai@6` serialises a result without `toModelOutput`
 * (`{ type: 'text' }` for strings, `{ type: 'json' }` otherwise, stringified by the provider),
 * and the MCP adapter renders the same text, so both surfaces show the model the same result.
 */
export function toolOutputText(output: unknown): string {
  return typeof output === 'string'
    ? output
    : JSON.stringify(output === undefined ? null : output);
}
