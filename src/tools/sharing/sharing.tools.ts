import { z } from 'zod';
import { defineTool } from '../../registry';
import { CATALOG_LINES } from '../catalog-lines';
import {
  batchSizeField,
  cursorField,
  optionalIdField,
  pageIdField,
} from '../shared-fields';
import { READ_ONLY, REPLACES, SETS } from '../tool-annotations';

/**
 * Public sharing. A share makes a page readable by ANYONE with its link, without signing in,
 * so the descriptions insist on an explicit request. A workspace can switch sharing off
 * (`settings.sharing.disabled`, Docmost's "disable public sharing" security setting).
 */

export const sharePageTool = defineTool({
  name: 'sharePage',
  mcpName: 'share_page',
  title: 'Share a page publicly',
  description: [
    'Makes a page PUBLIC: anyone on the internet with the returned URL can read it without signing in. Only call this when the user explicitly asked to share or publish this page; never to "send" a page to a colleague (give them the page link instead).',
    'includeSubPages also publishes every sub-page under it; searchIndexing lets search engines index it. Sharing a page that is already shared returns its existing URL (updating these two settings when given).',
    'Needs edit access to the page. Refused for a restricted page (page-level permissions on it or a parent) and where public sharing is disabled for the workspace or the space (admin settings): tell the user, do not look for a workaround.',
    'Returns the share id, key, public URL, the page id and title, the two settings and whether the share was newly created.',
  ].join('\n'),
  tier: 'deferred',
  catalogLine: CATALOG_LINES.sharePage,
  inputSchema: z.object({
    pageId: pageIdField,
    includeSubPages: z
      .boolean()
      .optional()
      .describe(
        'Also publish all sub-pages. Default false for a new share; unchanged for an existing one.',
      ),
    searchIndexing: z
      .boolean()
      .optional()
      .describe(
        'Let search engines index the page. Default false for a new share; unchanged for an existing one.',
      ),
  }),
  annotations: SETS,
});

export const unsharePageTool = defineTool({
  name: 'unsharePage',
  mcpName: 'unshare_page',
  title: 'Revoke a public share',
  description: [
    "Revokes a page's public share: its public URL stops working at once. Calling it for a page that is not shared changes nothing and says so (revoked: false).",
    'If the page stays public through an ancestor shared with includeSubPages, the result names that ancestor (stillPublicVia): unshare it too if the page must be private.',
    "Needs write access to the page's space. Allowed even when the workspace has sharing disabled.",
  ].join('\n'),
  tier: 'deferred',
  catalogLine: CATALOG_LINES.unsharePage,
  inputSchema: z.object({ pageId: pageIdField }),
  annotations: REPLACES,
});

export const listSharesTool = defineTool({
  name: 'listShares',
  mcpName: 'list_shares',
  title: 'List public shares',
  description: [
    "Lists the workspace's public shares in the spaces you belong to (shares in other spaces are never shown): share id, public URL, page id and title, space, includeSubPages, searchIndexing, who created it and when; newest first.",
    'Use it to audit what is public or to find a share to revoke with unsharePage. Also says whether public sharing is disabled for the workspace (sharingDisabled).',
    'Give spaceId to list one space only (it must be one of yours). Shares come `limit` at a time (default 50) with nextCursor: pass it back as `cursor` for the next, older ones; null when there are no more.',
  ].join('\n'),
  tier: 'deferred',
  catalogLine: CATALOG_LINES.listShares,
  inputSchema: z.object({
    spaceId: optionalIdField(
      'Only shares in this space (an id from listSpaces). Omit for all your spaces.',
    ),
    limit: batchSizeField(
      100,
      50,
      'Most shares to return: 1 to 100, default 50.',
    ),
    cursor: cursorField(
      'The nextCursor of a previous listShares call with the same spaceId, to continue. Omit for the newest shares.',
    ),
  }),
  annotations: READ_ONLY,
});

export const SHARING_TOOLS = [
  sharePageTool,
  unsharePageTool,
  listSharesTool,
] as const;
