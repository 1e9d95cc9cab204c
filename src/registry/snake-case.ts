/** A tool name as the in-app chat keys it: lower camelCase, ASCII letters and digits only. */
export const CAMEL_CASE_TOOL_NAME = /^[a-z][a-zA-Z0-9]*$/;

/**
 * The MCP name of a camelCase tool name: `getPageJson` -> `get_page_json`. Each capital starts
 * a new word, so the mapping is one-to-one over camelCase names and can be checked both ways.
 */
export function toSnakeCase(camelCaseName: string): string {
  return camelCaseName.replace(
    /[A-Z]/g,
    (capital) => `_${capital.toLowerCase()}`,
  );
}
