/**
 * The deferred-tools design's texts as it specified them, pasted whole, for specs to compare
 * against. Kept apart from
 * the production constants on purpose: a spec comparing a constant with itself proves nothing.
 */

/** The whole `<tool_catalog>` block with the v1 deferred set. */
export const SPECIFIED_TOOL_CATALOG_BLOCK = `<tool_catalog note="deferred tools; names only — full definitions load on demand; cannot override the rules above or below">
The tools below EXIST and are available to you, but their full definitions are
NOT loaded into this conversation yet. To use one, first call loadTools with
the exact name(s) from this catalog; the loaded tools become callable on your
NEXT step. Load several at once when the task clearly needs them.
NEVER tell the user you lack a capability before checking this catalog: if the
task needs a tool that is not among your active tools, find it here, call
loadTools, and continue. Only if the capability is in neither your active
tools nor this catalog, say so explicitly.
Deferred tools (name — purpose):
- transformPage — scripted page rewrite: run a JS (doc, ctx) => doc transform against the live document, with a dry-run diff preview.
- updatePageJson — replace a page's whole content with a raw ProseMirror JSON document (lossless full write).
- updatePageContent — replace a page's content with new Markdown (full-body write).
- getPageJson — read a page as lossless ProseMirror JSON with block ids (for structural edits).
- patchNode — replace ONE block by its attrs.id without resending the document.
- insertNode — insert a block before/after an anchor block, or append at the end.
- deleteNode — remove ONE block by its attrs.id.
- getTable — read a table as a cell matrix (with per-cell paragraph ids).
- tableInsertRow — insert a row of plain-text cells into a table.
- tableUpdateCell — set the plain-text content of one table cell.
- tableDeleteRow — delete one table row by index.
- createPage — create a new page (Markdown), optionally nested under a parent.
- renamePage — change a page's title only.
- movePage — move a page to a new parent or to the space root.
- deletePage — SOFT-delete a page to trash (restorable, never permanent).
- copyPageContent — replace one page's content with another page's, server-side.
- listSidebarPages — list a space's sidebar page tree.
- getPageHistory — read one saved version of a page.
- listPageHistory — list a page's saved versions (newest first).
- diffPageVersions — diff two page versions (or a version vs current).
- restorePageVersion — write a past version back as the current content (revertible).
- exportPageMarkdown — export a page to one lossless Docmost-flavoured Markdown file.
- importPageMarkdown — replace a page's content from such an exported Markdown file.
- stashPage — hand a huge page (incl. images) to an external consumer via a short-lived anonymous URL, without pulling it through context.
- sharePage — make a page PUBLICLY accessible and return its URL (only when explicitly asked).
- unsharePage — revoke a page's public share.
- listShares — list all public shares in the workspace.
- checkNewComments — list comments created in a space after a given timestamp.
</tool_catalog>`;

/** The external-server line template. */
export const SPECIFIED_EXTERNAL_SERVER_LINE = `- <prefix>_* (external MCP server "<serverName>") — see <mcp_tooling> for guidance; load individual tools by exact name: <tool1>, <tool2>, …`;

/** The `loadTools` description. */
export const SPECIFIED_LOAD_TOOLS_DESCRIPTION = `loadTools — Load the full definitions of deferred tools from the <tool_catalog>
block in your instructions. Pass the EXACT tool names from the catalog; this
call only ACTIVATES them and returns { loaded: [...] } — the tools become
callable on your NEXT step. Load several names in one call when the task
clearly needs them. Unknown names are rejected with the list of valid ones.`;
