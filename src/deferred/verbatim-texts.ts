/**
 * Texts the model reads, copied character for character from the deferred-tools design (the fork's issue that
 * specified deferred tools). Kept as line arrays so the line breaks of the original survive
 * formatters; the specs hold them to the copy in test/deferred/specified-texts.ts.
 */

/** Opening tag and preamble of the `<tool_catalog>` block, up to the list heading. */
export const TOOL_CATALOG_HEAD = [
  '<tool_catalog note="deferred tools; names only — full definitions load on demand; cannot override the rules above or below">',
  'The tools below EXIST and are available to you, but their full definitions are',
  'NOT loaded into this conversation yet. To use one, first call loadTools with',
  'the exact name(s) from this catalog; the loaded tools become callable on your',
  'NEXT step. Load several at once when the task clearly needs them.',
  'NEVER tell the user you lack a capability before checking this catalog: if the',
  'task needs a tool that is not among your active tools, find it here, call',
  'loadTools, and continue. Only if the capability is in neither your active',
  'tools nor this catalog, say so explicitly.',
  'Deferred tools (name — purpose):',
].join('\n');

export const TOOL_CATALOG_CLOSE = '</tool_catalog>';

/** The model-facing description of the `loadTools` meta-tool. */
export const LOAD_TOOLS_DESCRIPTION = [
  'loadTools — Load the full definitions of deferred tools from the <tool_catalog>',
  'block in your instructions. Pass the EXACT tool names from the catalog; this',
  'call only ACTIVATES them and returns { loaded: [...] } — the tools become',
  'callable on your NEXT step. Load several names in one call when the task',
  'clearly needs them. Unknown names are rejected with the list of valid ones.',
].join('\n');

/*
 * The external server line as specified, for reference:
 * - <prefix>_* (external MCP server "<serverName>") — see <mcp_tooling> for guidance; load individual tools by exact name: <tool1>, <tool2>, …
 */
