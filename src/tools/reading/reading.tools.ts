import { z } from 'zod';
import { defineTool } from '../../registry/tool-spec';
import {
  pageIdField,
  pageTextWindowFields,
  ID_TOO_LONG,
  MAX_ID_LENGTH,
  CURSOR_TOO_LONG,
  MAX_CURSOR_LENGTH,
} from '../shared-fields';

const READ_ONLY = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
} as const;

const NOT_FOUND_NOTE =
  'Fails with "page … not found or no access" when the page does not exist, is in the trash, is in a space you do not belong to, or is restricted to people you are not among (the same answer in each case).';

export const searchPagesTool = defineTool({
  name: 'searchPages',
  mcpName: 'search_pages',
  title: 'Search pages',
  description: [
    'Finds pages by words in their title or body: full-text search, ranked, title matches first. Only spaces you belong to are searched; pages in the trash are not.',
    'Use it to locate a page by topic or phrase before reading or editing it. Words match by stem and prefix ("roadm" finds "Roadmap", "shipping" finds "shipped"); a query with symbols or digits ("$8", "Q3") also matches as a plain substring.',
    'Returns up to `limit` hits (default 10, at most 50), best first: id, slugId, title, spaceId, a short plain-text snippet around the match, and the rank. An empty list means nothing matched: try fewer or other words, or browse with listPages.',
    'Then read a hit with getPage (text with block ids) or getOutline (structure only).',
  ].join('\n'),
  tier: 'core',
  inputSchema: z.object({
    query: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .describe(
        'Words to look for, e.g. "pricing tiers". Not a regular expression; no operators needed.',
      ),
    spaceId: z
      .string()
      .trim()
      .min(1)
      .max(MAX_ID_LENGTH, ID_TOO_LONG)
      .optional()
      .describe(
        'Search only this space (an id from listSpaces). Omit to search all your spaces.',
      ),
    limit: z
      .number()
      .int()
      .min(1)
      .max(50)
      .default(10)
      .describe('Most hits to return: 1 to 50, default 10.'),
  }),
  annotations: READ_ONLY,
});

export const listPagesTool = defineTool({
  name: 'listPages',
  mcpName: 'list_pages',
  title: 'List pages',
  description: [
    'Lists pages, most recently updated first: the pages of one space (spaceId), or recent pages across all spaces you belong to (no spaceId). Pages in the trash are left out.',
    "Use it to browse when you do not know what to search for, or to see what changed recently. To find a page by topic use searchPages; for a space's page tree in sidebar order use listSidebarPages.",
    'Returns id, slugId, title, spaceId, parentPageId and updatedAt per page, and nextCursor: pass it back as `cursor` for the next batch; null when there are no more.',
    'Fails with "space … not found or no access" for a space you do not belong to, and with an invalid-cursor error for a cursor not returned by this tool.',
  ].join('\n'),
  tier: 'core',
  inputSchema: z.object({
    spaceId: z
      .string()
      .trim()
      .min(1)
      .max(MAX_ID_LENGTH, ID_TOO_LONG)
      .optional()
      .describe(
        "List this space's pages (an id from listSpaces). Omit for recent pages across all your spaces.",
      ),
    limit: z
      .number()
      .int()
      .min(1)
      .max(100)
      .default(25)
      .describe('Most pages to return: 1 to 100, default 25.'),
    cursor: z
      .string()
      .trim()
      .min(1)
      .max(MAX_CURSOR_LENGTH, CURSOR_TOO_LONG)
      .optional()
      .describe(
        'The nextCursor of a previous listPages call with the same spaceId, to continue the list. Omit for the first batch.',
      ),
  }),
  annotations: READ_ONLY,
});

export const listSpacesTool = defineTool({
  name: 'listSpaces',
  mcpName: 'list_spaces',
  title: 'List your spaces',
  description: [
    'Lists the spaces of your workspace that you are a member of (directly or through a group), by name, with their id, slug, description, page count and your role.',
    'Your role decides what you may do: "admin" and "writer" may edit pages and comment; "reader" may only read (and comment where the space lets viewers comment).',
    'Use it to find a space id for listPages, searchPages or createPage. Spaces you do not belong to are never listed.',
  ].join('\n'),
  tier: 'core',
  inputSchema: z.object({}),
  annotations: READ_ONLY,
});

export const getWorkspaceTool = defineTool({
  name: 'getWorkspace',
  mcpName: 'get_workspace',
  title: 'Get your workspace',
  description: [
    'Returns the workspace you work in (id, name, description, hostname) and your own account in it (id, name, email, workspace role: owner, admin or member).',
    'Use it when the user asks about the workspace or their account, or when you need to know who you act for. Workspace settings and other workspaces are never returned.',
  ].join('\n'),
  tier: 'core',
  inputSchema: z.object({}),
  annotations: READ_ONLY,
});

export const getCurrentPageTool = defineTool({
  name: 'getCurrentPage',
  mcpName: 'get_current_page',
  title: 'Read the open page',
  description: [
    'Reads the page the user has open next to the chat, exactly like getPage: title, ids, version, and the body as plain text with block ids.',
    'Use it first when the user says "this page", "here", "the document" or otherwise means what they are looking at.',
    'Fails when no page is open in the chat (a chat started outside a page, or an MCP client): then find the page with searchPages or listPages and read it with getPage.',
  ].join('\n'),
  tier: 'core',
  inputSchema: z.object({ ...pageTextWindowFields }),
  annotations: READ_ONLY,
});

export const getPageTool = defineTool({
  name: 'getPage',
  mcpName: 'get_page',
  title: 'Read a page',
  description: [
    'Reads a page: title, id, slugId, spaceId, parentPageId, updatedAt, version, and its body as plain text, one line per paragraph, heading, list item and table row.',
    'Each text line shows its block id in brackets ([abcdefghijkl]) and each top-level block starts with #<index>. Use the ids with getNode and editPageText (blockId); use #<index> for blocks without an id (tables, lists, images).',
    "The text is the page's text without formatting: bold, italic, links and comment highlights are not shown, and the page contains no Markdown. Copy text from here verbatim into editPageText (find) or createComment (selection).",
    "Long pages are cut at a block boundary after maxChars characters (default 20000); the result then says truncated and gives the fromBlock to continue with. For the structure only use getOutline; for one block's JSON use getNode.",
    NOT_FOUND_NOTE,
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
    "Lists a page's top-level blocks without their full text: {index, type, id, level, firstText} each (level for headings; firstText cut to 80 characters). Tables add rows and cols; lists add items.",
    "A cheap way to see a long page's structure, find a section, or get the #<index> of a table, list or image, which have no id. Then read one block with getNode or the text with getPage.",
    'On a page with many thousands of blocks the outline stops at 200,000 characters; `truncated` then says where getPage (fromBlock) reads on.',
    NOT_FOUND_NOTE,
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
    'Reads one block of a page: its ProseMirror JSON (type, attrs, content with marks) and its plain text.',
    'Address the block by its id (12 lowercase letters from getPage or getOutline; found at any depth, e.g. a paragraph in a table cell or list item) or by "#<index>", a top-level block index from getOutline: the only way to address tables, lists and images, which have no id.',
    "Use it to see a block's formatting or structure before changing it with patchNode, or to read one section cheaply.",
    'Fails when the page has no such block: ids change when blocks are recreated, so call getOutline or getPage again for current ids. A block over 200,000 characters of JSON is refused: read a block inside it, or its text with getPage.',
    NOT_FOUND_NOTE,
  ].join('\n'),
  tier: 'core',
  inputSchema: z.object({
    pageId: pageIdField,
    block: z
      .string()
      .trim()
      .min(1)
      .max(MAX_ID_LENGTH, ID_TOO_LONG)
      .describe(
        'The block: its id (e.g. "abcdefghijkl") or "#<index>" for a top-level block (e.g. "#3").',
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
