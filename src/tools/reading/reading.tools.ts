import { z } from 'zod';
import { defineTool } from '../../registry';
import {
  batchSizeField,
  cursorField,
  idField,
  optionalIdField,
  pageIdField,
  pageTextWindowFields,
} from '../shared-fields';
import { READ_ONLY } from '../tool-annotations';

export const searchPagesTool = defineTool({
  name: 'searchPages',
  mcpName: 'search_pages',
  title: 'Search pages',
  description: [
    'Full-text search of page titles and bodies in your spaces, title matches first; words match by stem and prefix ("roadm" finds "Roadmap"), symbols and digits as plain text.',
    'Returns id, slugId, title, spaceId and a snippet per hit, best first. Read a hit with getPage or getOutline.',
  ].join('\n'),
  tier: 'core',
  inputSchema: z.object({
    query: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .describe('Words to look for, e.g. "pricing tiers".'),
    spaceId: optionalIdField('Only this space (id from listSpaces).'),
    limit: batchSizeField(50, 10, 'Most hits, at most 50.'),
  }),
  annotations: READ_ONLY,
});

export const listPagesTool = defineTool({
  name: 'listPages',
  mcpName: 'list_pages',
  title: 'List pages',
  description: [
    "Lists pages, most recently updated first: one space's (spaceId) or the latest across your spaces.",
    'Returns id, slugId, title, spaceId, parentPageId and updatedAt, and nextCursor for the next batch. To find a page by topic use searchPages.',
  ].join('\n'),
  tier: 'core',
  inputSchema: z.object({
    spaceId: optionalIdField('Only this space (id from listSpaces).'),
    limit: batchSizeField(100, 25, 'Most pages, at most 100.'),
    cursor: cursorField('nextCursor of the previous call, to continue.'),
  }),
  annotations: READ_ONLY,
});

export const listSpacesTool = defineTool({
  name: 'listSpaces',
  mcpName: 'list_spaces',
  title: 'List your spaces',
  description: [
    'Lists the spaces you are a member of: id, slug, name, description, page count and your role (admin and writer may edit and comment; reader only reads, and comments where the space lets viewers comment).',
  ].join('\n'),
  tier: 'core',
  inputSchema: z.object({}),
  annotations: READ_ONLY,
  namesNoPage: true,
});

export const getWorkspaceTool = defineTool({
  name: 'getWorkspace',
  mcpName: 'get_workspace',
  title: 'Get your workspace',
  description: [
    'Returns your workspace (id, name, description, hostname) and your own account in it (id, name, email, role).',
  ].join('\n'),
  tier: 'core',
  inputSchema: z.object({}),
  annotations: READ_ONLY,
  namesNoPage: true,
});

export const getCurrentPageTool = defineTool({
  name: 'getCurrentPage',
  mcpName: 'get_current_page',
  title: 'Read the open page',
  description: [
    'Reads the page the user has open next to the chat, as getPage does, with its ids. Use it first when the user means "this page".',
  ].join('\n'),
  tier: 'core',
  // getPage's window, described once there: the model reads both definitions side by side.
  inputSchema: z.object({
    fromBlock: pageTextWindowFields.fromBlock.describe("As getPage's."),
    maxChars: pageTextWindowFields.maxChars.describe("As getPage's."),
  }),
  annotations: READ_ONLY,
});

export const getPageTool = defineTool({
  name: 'getPage',
  mcpName: 'get_page',
  title: 'Read a page',
  description: [
    'Reads a page: its title and its body as plain text (no Markdown, no formatting), one line per block. Each line shows its block id in brackets, each top-level block its #<index> (tables, lists and images have no id).',
    'Copy text verbatim from here into editPageText or createComment. A long page is cut after maxChars; the result then gives the fromBlock to read on.',
  ].join('\n'),
  tier: 'core',
  inputSchema: z.object({ pageId: pageIdField, ...pageTextWindowFields }),
  annotations: READ_ONLY,
});

export const getOutlineTool = defineTool({
  name: 'getOutline',
  mcpName: 'get_outline',
  title: 'Read a page outline',
  description: [
    "Lists a page's top-level blocks without their text: index, type, id, heading level and first 80 characters; tables add rows and cols. A cheap way to see a long page's structure or find the #<index> of a table, list or image.",
  ].join('\n'),
  tier: 'core',
  inputSchema: z.object({ pageId: pageIdField }),
  annotations: READ_ONLY,
});

export const getNodeTool = defineTool({
  name: 'getNode',
  mcpName: 'get_node',
  title: 'Read one block',
  description: [
    'Reads one block as ProseMirror JSON (type, attrs, content, marks) with its plain text. Address it by id (from getPage or getOutline, at any depth) or "#<index>" for a top-level block. Use it to see formatting or structure before patchNode.',
  ].join('\n'),
  tier: 'core',
  inputSchema: z.object({
    pageId: pageIdField,
    block: idField(
      'Block id as getPage shows it (e.g. "abcde") or "#<index>" (e.g. "#3").',
    ),
  }),
  annotations: READ_ONLY,
});

/** Finding and reading pages and spaces: core tier, always active. */
export const READING_TOOLS = [
  searchPagesTool,
  listPagesTool,
  listSpacesTool,
  getWorkspaceTool,
  getCurrentPageTool,
  getPageTool,
  getOutlineTool,
  getNodeTool,
] as const;
