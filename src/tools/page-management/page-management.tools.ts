import { z } from 'zod';
import { defineTool } from '../../registry';
import { CATALOG_LINES } from '../catalog-lines';
import {
  baseVersionField,
  batchSizeField,
  ID_TOO_LONG,
  idField,
  MAX_ID_LENGTH,
  optionalIdField,
  pageIdField,
  pageTitleField,
} from '../shared-fields';
import { CHANGES, READ_ONLY, REPLACES, SETS } from '../tool-annotations';

/** Page management: titles, the page tree (move, list), the trash, and copying content. */

const spaceIdField = idField('The space id (uuid), as returned by listSpaces.');

export const renamePageTool = defineTool({
  name: 'renamePage',
  mcpName: 'rename_page',
  title: 'Rename a page',
  description: [
    "Changes a page's title only; the content, place in the tree and id stay as they are (links by id keep working).",
    'Use it when asked to retitle a page. The title is not part of the page body: never add or edit a leading heading to rename a page.',
    'Adds a page history version. Returns the page id, the previous and the new title, and the new version.',
  ].join('\n'),
  tier: 'deferred',
  catalogLine: CATALOG_LINES.renamePage,
  inputSchema: z.object({
    pageId: pageIdField,
    title: pageTitleField(
      'The new title: 1 to 500 characters, leading and trailing spaces removed.',
    ),
  }),
  annotations: SETS,
});

export const movePageTool = defineTool({
  name: 'movePage',
  mcpName: 'move_page',
  title: 'Move a page',
  description: [
    'Moves a page, with all its sub-pages, under a new parent page or to the root of a space, at the first or last place among its new siblings or right after a given sibling.',
    "Moving into another space of the same workspace is allowed when you may write in both spaces: give the parent (in that space) or, for its root, spaceId; the sub-pages, their comments, history, shares, attachments and watchers follow, and page-level restrictions on the moved pages are removed (as in Docmost: the new space's members then see them; droppedRestrictions says how many).",
    'Refuses cycles (a page under itself or under one of its own sub-pages) with a clear error, and anything in a space you cannot write to. Content, title and history are untouched and no history version is added.',
    'Use listSidebarPages to see the tree and pick the parent. Returns the page id, its new parentPageId (null at the root), spaceId, position key and how many sub-pages moved with it.',
  ].join('\n'),
  tier: 'deferred',
  catalogLine: CATALOG_LINES.movePage,
  inputSchema: z.object({
    pageId: pageIdField,
    parentPageId: z
      .string()
      .trim()
      .min(1)
      .max(MAX_ID_LENGTH, ID_TOO_LONG)
      .nullable()
      .optional()
      .describe(
        "The new parent page (id or slugId). null or omitted: the root of the space (spaceId, or the page's own space).",
      ),
    spaceId: spaceIdField
      .optional()
      .describe(
        "Only for a move to the root of ANOTHER space: that space's id. Ignored when parentPageId is given (the parent decides the space).",
      ),
    position: z
      .enum(['first', 'last'])
      .default('last')
      .describe(
        'Place among the new siblings: "last" (default) or "first". Ignored when afterPageId is given.',
      ),
    afterPageId: optionalIdField(
      'Place the page right after this sibling (a child of the new parent, id or slugId).',
    ),
  }),
  annotations: SETS,
});

export const deletePageTool = defineTool({
  name: 'deletePage',
  mcpName: 'delete_page',
  title: 'Move a page to the trash',
  description: [
    "SOFT-deletes a page: it and all its sub-pages move to the space's trash, disappear from the sidebar, search and every tool that reads or edits pages (their saved versions stay readable with getPageHistory). A person can restore them from the trash in Docmost until the workspace's trash retention (30 days by default) purges them. Their public share links are deleted for good: a restore does not bring them back.",
    'Only delete when the user asked for it, and say which sub-pages go with it (listSidebarPages shows them). Comments and history are kept with the page.',
    'Returns the page id, the number of pages moved to the trash (the page plus its sub-pages) and their ids.',
  ].join('\n'),
  tier: 'deferred',
  catalogLine: CATALOG_LINES.deletePage,
  inputSchema: z.object({ pageId: pageIdField }),
  annotations: CHANGES,
});

export const copyPageContentTool = defineTool({
  name: 'copyPageContent',
  mcpName: 'copy_page_content',
  title: "Copy one page's content onto another",
  description: [
    "Replaces the target page's WHOLE content with the source page's content, server-side, without passing the document through your context. The target keeps its title, place and id.",
    "Use it to duplicate a template into an existing page or to reset a page to another page's body. The source is only read (read access suffices); the target needs write access and may be in another space.",
    "Comment anchors of the source are not copied (the threads belong to the source page). The source's own images and files are copied for the target, so its readers see them; everything else is copied as is.",
    "With baseVersion (the target's version from getPageJson), a target changed since your read fails with a conflict and nothing is written. Adds a history version to the target (revert with restorePageVersion).",
    'Returns the target page id, its new version and the number of blocks copied.',
  ].join('\n'),
  tier: 'deferred',
  catalogLine: CATALOG_LINES.copyPageContent,
  inputSchema: z.object({
    sourcePageId: pageIdField.describe(
      'The page to copy FROM (id or slugId); only read.',
    ),
    targetPageId: pageIdField.describe(
      'The page whose content is REPLACED (id or slugId); must differ from the source.',
    ),
    baseVersion: baseVersionField,
  }),
  annotations: REPLACES,
});

export const listSidebarPagesTool = defineTool({
  name: 'listSidebarPages',
  mcpName: 'list_sidebar_pages',
  title: "List a space's page tree",
  description: [
    "Lists a space's pages as its sidebar shows them: a tree in sidebar order, each page with id, slugId, title, icon and its children. Pages in the trash are left out.",
    'Use it to understand how a space is organised, to pick a parent for createPage or movePage, or to see which sub-pages a deletePage would take along. For recently changed pages use listPages; to find a page by topic, searchPages.',
    "Give parentPageId to list only that page's subtree, and maxDepth to stop descending (a page with unlisted children says so with childCount). Very large spaces are cut at `limit` pages with truncated: true.",
  ].join('\n'),
  tier: 'deferred',
  catalogLine: CATALOG_LINES.listSidebarPages,
  inputSchema: z.object({
    spaceId: spaceIdField,
    parentPageId: optionalIdField(
      'List only the subtree under this page (id or slugId). Omit for the whole space.',
    ),
    maxDepth: z
      .number()
      .int()
      .min(1)
      .max(20)
      .default(10)
      .describe('Levels to descend, 1 = only the top level. Default 10.'),
    limit: batchSizeField(
      2000,
      500,
      'Most pages to list in total. Default 500.',
    ),
  }),
  annotations: READ_ONLY,
});

export const PAGE_MANAGEMENT_TOOLS = [
  renamePageTool,
  movePageTool,
  deletePageTool,
  copyPageContentTool,
  listSidebarPagesTool,
] as const;
