import { z } from 'zod';
import { defineTool } from '../../registry';
import { CATALOG_LINES } from '../catalog-lines';
import {
  batchSizeField,
  commentIdField,
  cursorField,
  idField,
  optionalIdField,
  pageIdField,
} from '../shared-fields';
import { ADDS, READ_ONLY, SETS } from '../tool-annotations';

/** Docmost's limit on a comment's anchored text. */
export const MAX_COMMENT_SELECTION_LENGTH = 250;
export const MAX_COMMENT_LENGTH = 10_000;

export const createCommentTool = defineTool({
  name: 'createComment',
  mcpName: 'create_comment',
  title: 'Comment on a page',
  description: [
    `Comments on a page as the user you act for. New thread: give \`selection\`, exact text copied from getPage within one block (at most ${MAX_COMMENT_SELECTION_LENGTH} characters); its first occurrence is highlighted, so make it unique. Reply: give a thread's \`parentCommentId\` instead.`,
    'Needs edit rights on the page, or read rights where the space lets viewers comment. Comment to flag, ask or suggest when the user wants a review rather than an edit. Returns the comment id.',
  ].join('\n'),
  tier: 'core',
  inputSchema: z.object({
    pageId: pageIdField,
    content: z
      .string()
      .trim()
      .min(1)
      .max(MAX_COMMENT_LENGTH)
      .describe(
        'Plain text; line breaks start paragraphs; <@userId> mentions a person.',
      ),
    selection: z
      .string()
      .min(1)
      .max(MAX_COMMENT_SELECTION_LENGTH)
      .optional()
      .describe('New thread: the exact page text to anchor it to.'),
    parentCommentId: optionalIdField('Reply: the thread id.'),
  }),
  annotations: ADDS,
});

export const getCommentTool = defineTool({
  name: 'getComment',
  mcpName: 'get_comment',
  title: 'Read a comment',
  description: [
    'Reads one comment: text, author, createdAt, createdSource ("user" or "agent"), page id and resolved state; for a thread also its selection and replies.',
  ].join('\n'),
  tier: 'core',
  inputSchema: z.object({ commentId: commentIdField }),
  annotations: READ_ONLY,
  readsComments: 'one',
});

export const listCommentsTool = defineTool({
  name: 'listComments',
  mcpName: 'list_comments',
  title: "List a page's comments",
  description: [
    'Lists a page\'s comment threads, oldest first, replies nested: id, text, author, createdAt, createdSource ("user" or "agent"), the anchored selection with its anchorBlockId, and resolved state. Use it for feedback on a page or after a [signal] line.',
  ].join('\n'),
  tier: 'core',
  inputSchema: z.object({
    pageId: pageIdField,
    includeResolved: z
      .boolean()
      .default(false)
      .describe('Also list resolved threads.'),
    limit: batchSizeField(100, 50, 'Most threads, at most 100.'),
    cursor: cursorField('nextCursor of the previous call, to continue.'),
  }),
  annotations: READ_ONLY,
  readsComments: 'page',
});

export const resolveCommentTool = defineTool({
  name: 'resolveComment',
  mcpName: 'resolve_comment',
  title: 'Resolve a comment thread',
  description: [
    'Resolves a comment thread as the Resolve button does, or reopens it (resolved: false). Resolve only when what it asked for is done or the user asks.',
  ].join('\n'),
  tier: 'core',
  inputSchema: z.object({
    commentId: commentIdField,
    resolved: z.boolean().default(true).describe('false reopens the thread.'),
  }),
  annotations: SETS,
});

export const checkNewCommentsTool = defineTool({
  name: 'checkNewComments',
  mcpName: 'check_new_comments',
  title: 'Check for new comments in a space',
  description: [
    "Lists comments created in a space after a given moment, oldest first: comment id, page id and title, thread (parentCommentId, null for a new thread), author, when, whether it came from a person or an agent (createdSource), the anchored text and the comment's plain text.",
    "Use it to catch up on feedback since your last look, e.g. while working through a long task; pass the returned `latest` as `since` next time to see only newer ones. For one page's threads with replies and resolved state use listComments.",
    '`since` must be an ISO 8601 timestamp with a timezone, e.g. "2025-03-01T09:30:00Z" or "2025-03-01T12:30:00+03:00". Deleted comments and comments on pages in the trash are left out. At most `limit` comments are returned (truncated: true when more exist).',
  ].join('\n'),
  tier: 'deferred',
  catalogLine: CATALOG_LINES.checkNewComments,
  inputSchema: z.object({
    spaceId: idField('The space to check (an id from listSpaces).'),
    since: z
      .string()
      .trim()
      .min(1)
      .max(
        64,
        'too long for a timestamp: at most 64 characters, e.g. "2025-03-01T09:30:00Z"',
      )
      .describe(
        'Only comments created strictly after this moment: an ISO 8601 timestamp with timezone, e.g. "2025-03-01T09:30:00Z".',
      ),
    pageId: pageIdField
      .optional()
      .describe(
        'Only comments on this page (id or slugId). Omit for the whole space.',
      ),
    limit: batchSizeField(
      200,
      50,
      'Most comments to return: 1 to 200, default 50.',
    ),
  }),
  annotations: READ_ONLY,
  readsComments: 'since',
});

/** Reading and writing page comments (core tier, always active), and catching up on a space's new comments (deferred). */
export const COMMENT_TOOLS = [
  createCommentTool,
  getCommentTool,
  listCommentsTool,
  resolveCommentTool,
  checkNewCommentsTool,
] as const;
