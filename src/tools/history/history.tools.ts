import { z } from 'zod';
import { defineTool } from '../../registry';
import { CATALOG_LINES } from '../catalog-lines';
import {
  baseVersionField,
  batchSizeField,
  cursorField,
  idField,
  pageIdField,
} from '../shared-fields';
import { READ_ONLY, REPLACES } from '../tool-annotations';

/**
 * Page history: Docmost keeps a snapshot of a page (title and content) in `page_history` on
 * saves; every write of these tools adds one. Versions are addressed by their history id:
 * Docmost leaves `page_history.version` NULL, and so does the module.
 */

const historyIdField = idField(
  'A saved version: its historyId (uuid) as listed by listPageHistory.',
);

export const listPageHistoryTool = defineTool({
  name: 'listPageHistory',
  mcpName: 'list_page_history',
  title: "List a page's versions",
  description: [
    'Lists the saved versions of a page, newest first: historyId, title at the time, who saved it, when, whether a person ("user") or an agent ("agent") made the change, and the text length. Docmost stores no version numbers (version is null): refer to a version by its historyId.',
    'Use it to find what a page looked like before a change, then read one version with getPageHistory, compare with diffPageVersions, or bring it back with restorePageVersion.',
    'Returns up to `limit` versions (default 20) and nextCursor: pass it as `cursor` for older versions; null when there are none.',
  ].join('\n'),
  tier: 'deferred',
  catalogLine: CATALOG_LINES.listPageHistory,
  inputSchema: z.object({
    pageId: pageIdField,
    limit: batchSizeField(
      100,
      20,
      'Most versions to return: 1 to 100, default 20.',
    ),
    cursor: cursorField(
      'The nextCursor of a previous call for the same page, for older versions.',
    ),
  }),
  annotations: READ_ONLY,
});

export const getPageHistoryTool = defineTool({
  name: 'getPageHistory',
  mcpName: 'get_page_history',
  title: 'Read one saved version',
  description: [
    'Reads one saved version of a page: its title, who saved it and when, and its content as plain text (one line per block) or as the lossless ProseMirror JSON.',
    'Use "text" (default) to read what a version said; "json" only when you need the exact structure. To see what changed between versions, diffPageVersions is cheaper than reading both.',
  ].join('\n'),
  tier: 'deferred',
  catalogLine: CATALOG_LINES.getPageHistory,
  inputSchema: z.object({
    historyId: historyIdField,
    format: z
      .enum(['text', 'json'])
      .default('text')
      .describe(
        '"text" (default): plain text, one line per block. "json": the ProseMirror document.',
      ),
  }),
  annotations: READ_ONLY,
});

const versionSideField = idField(
  'A historyId from listPageHistory, or "current" for the page as it is now.',
);

export const diffPageVersionsTool = defineTool({
  name: 'diffPageVersions',
  mcpName: 'diff_page_versions',
  title: 'Compare two versions',
  description: [
    'Compares two versions of ONE page, from -> to: each side a historyId or "current". Returns the text changes line by line (one line per block: changed lines as before/after pairs, removed and added lines) and integrity counts of both sides for images, links, tables, headings, comment anchors and embeds, with a warning for each count that went down.',
    'Use it to review what an edit (yours or a person\'s) changed, or before restorePageVersion to see what a restore would bring back and what it would drop. Typical: from = an older historyId, to = "current".',
    'Formatting-only changes do not show in the text changes; the integrity counts catch lost images, links and tables. Long diffs are cut at `maxChangedLines` with truncated: true; versions too different to align line by line list some stretches whole, with a `note` saying so (the counts stay exact).',
    'Both versions must belong to the page.',
  ].join('\n'),
  tier: 'deferred',
  catalogLine: CATALOG_LINES.diffPageVersions,
  inputSchema: z.object({
    pageId: pageIdField,
    from: versionSideField.describe(
      'The older side: a historyId, or "current".',
    ),
    to: versionSideField
      .default('current')
      .describe('The newer side: a historyId, or "current" (default).'),
    maxChangedLines: z
      .number()
      .int()
      .min(10)
      .max(2000)
      .default(200)
      .describe('Most changed lines to list. Default 200.'),
  }),
  annotations: READ_ONLY,
});

export const restorePageVersionTool = defineTool({
  name: 'restorePageVersion',
  mcpName: 'restore_page_version',
  title: 'Restore a saved version',
  description: [
    "Writes a saved version's content back as the page's current content. The restore is itself a new version, so it can be reverted by restoring the version before it; no history is lost. The title is not changed (renamePage).",
    'Use it only when the user wants a past state back. Run diffPageVersions (from = "current", to = the historyId) first to see what the restore would change, especially content added since that version, which the restore removes.',
    'With baseVersion (from getPageJson), a page changed since your read fails with a conflict and nothing is written.',
    "Returns the page id, the restored historyId, the page's new version and the historyId of the version the restore added.",
  ].join('\n'),
  tier: 'deferred',
  catalogLine: CATALOG_LINES.restorePageVersion,
  inputSchema: z.object({
    historyId: historyIdField,
    baseVersion: baseVersionField,
  }),
  annotations: REPLACES,
});

export const HISTORY_TOOLS = [
  getPageHistoryTool,
  listPageHistoryTool,
  diffPageVersionsTool,
  restorePageVersionTool,
] as const;
