import { z } from 'zod';
import { defineTool } from '../../registry/tool-spec';
import { CATALOG_LINES } from '../catalog-lines';
import {
  commentIdField,
  pageIdField,
  CURSOR_TOO_LONG,
  ID_TOO_LONG,
  MAX_CURSOR_LENGTH,
  MAX_ID_LENGTH,
} from '../shared-fields';

/** Docmost's limit on a comment's anchored text. */
export const MAX_COMMENT_SELECTION_LENGTH = 250;
export const MAX_COMMENT_LENGTH = 10_000;

export const createCommentTool = defineTool({
  name: 'createComment',
  mcpName: 'create_comment',
  title: 'Comment on a page',
  description: [
    'Adds a comment to a page as the user you act for, visible to everyone in the space. Two forms:',
    `- New thread: give \`selection\`, an exact piece of the page text (at most ${MAX_COMMENT_SELECTION_LENGTH} characters, inside ONE paragraph, heading, list item or table cell) that the comment is about. Its FIRST occurrence on the page is highlighted as the thread's anchor, so choose a selection long enough to be unique. Copy it verbatim from getPage: plain text, no Markdown. Anchoring changes the page and adds a page history version.`,
    '- Reply: give `parentCommentId`, a top-level thread on the same page (from listComments), and no selection. A reply to a reply is not possible: reply to its thread.',
    'As in Docmost, commenting needs edit rights on the page (role writer or admin in its space), for threads and replies alike, unless the space lets viewers comment: otherwise, with read-only access, the call fails with "forbidden" and you can only read the comments.',
    'Use comments to ask questions, flag problems or suggest changes for a human to review, when the user asked for a review rather than an edit.',
    'Fails when the selection is not in the page text (read the page again and copy the exact words; text cannot span two blocks), when both or neither of selection and parentCommentId are given, or when the page changed at that moment (retry).',
    "Returns the new comment's id, and for a thread the id of the block holding its anchor.",
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
        'The comment text, plain text; line breaks start new paragraphs.',
      ),
    selection: z
      .string()
      .min(1)
      .max(MAX_COMMENT_SELECTION_LENGTH)
      .optional()
      .describe(
        `New thread only: the exact page text to anchor the comment to (1 to ${MAX_COMMENT_SELECTION_LENGTH} characters, within one block). Omit for a reply.`,
      ),
    parentCommentId: z
      .string()
      .trim()
      .min(1)
      .max(MAX_ID_LENGTH, ID_TOO_LONG)
      .optional()
      .describe(
        'Reply only: the id of the thread to reply to. Omit for a new thread.',
      ),
  }),
  annotations: {
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: false,
    openWorldHint: false,
  },
});

export const getCommentTool = defineTool({
  name: 'getComment',
  mcpName: 'get_comment',
  title: 'Read a comment',
  description: [
    'Reads one comment: its text, author, createdAt, createdSource ("user" or "agent"), page id, and resolved state; for a thread also its anchored selection and its replies; for a reply its parentCommentId.',
    "Use it to follow up one comment id; to see all of a page's discussion use listComments.",
    'Fails with "comment … not found or no access" for an unknown or deleted comment, or one on a page you cannot read.',
  ].join('\n'),
  tier: 'core',
  inputSchema: z.object({ commentId: commentIdField }),
  annotations: {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
});

export const listCommentsTool = defineTool({
  name: 'listComments',
  mcpName: 'list_comments',
  title: "List a page's comments",
  description: [
    'Lists a page\'s comment threads, oldest first, each with its replies nested. Per comment: id, text, author name, createdAt, createdSource ("user" or "agent"). Per thread also: selection (the anchored text), anchorBlockId (the block holding the highlight now; null when that text was deleted) and resolved state.',
    'Resolved threads are left out unless includeResolved is true; the result says how many were hidden. Threads come `limit` at a time (default 50) with nextCursor: pass it back as `cursor` for the next, newer threads; null when there are no more. A result also stops at 200,000 characters: threads left out then are listed by id in omittedThreadIds (read each with getComment).',
    'Use it when the user asks about feedback on a page, before working through review comments, or when a [signal] line reports new comments.',
    'Fails with "page … not found or no access" for a page you cannot read.',
  ].join('\n'),
  tier: 'core',
  inputSchema: z.object({
    pageId: pageIdField,
    includeResolved: z
      .boolean()
      .default(false)
      .describe(
        'Also list resolved threads. Default false: open threads only.',
      ),
    limit: z
      .number()
      .int()
      .min(1)
      .max(100)
      .default(50)
      .describe('Most threads to return: 1 to 100, default 50.'),
    cursor: z
      .string()
      .trim()
      .min(1)
      .max(MAX_CURSOR_LENGTH, CURSOR_TOO_LONG)
      .optional()
      .describe(
        'The nextCursor of a previous listComments call for the same page and includeResolved, to continue. Omit for the oldest threads.',
      ),
  }),
  annotations: {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
});

export const resolveCommentTool = defineTool({
  name: 'resolveComment',
  mcpName: 'resolve_comment',
  title: 'Resolve a comment thread',
  description: [
    'Marks a comment thread resolved, as the Resolve button does (or reopens it with resolved: false); the highlight of its anchor in the page is updated too.',
    'Resolve a thread only when what it asked for has been done (for example after your edit fixed it) or the user asked you to.',
    'Only threads can be resolved: given a reply, the call fails and names its thread. Resolving a thread that is already resolved changes nothing and says so.',
    'Needs write access to the page (role writer or admin). Fails with "comment … not found or no access" for an unknown comment or one on a page you cannot read.',
  ].join('\n'),
  tier: 'core',
  inputSchema: z.object({
    commentId: commentIdField,
    resolved: z
      .boolean()
      .default(true)
      .describe('true (default) to resolve the thread, false to reopen it.'),
  }),
  annotations: {
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
});

export const checkNewCommentsTool = defineTool({
  name: 'checkNewComments',
  mcpName: 'check_new_comments',
  title: 'Check for new comments in a space',
  description: [
    "Lists comments created in a space after a given moment, oldest first: comment id, page id and title, thread (parentCommentId, null for a new thread), author, when, whether it came from a person or an agent (createdSource), the anchored text and the comment's plain text.",
    "Use it to catch up on feedback since your last look, e.g. while working through a long task; pass the returned `latest` as `since` next time to see only newer ones. For one page's threads with replies and resolved state use listComments.",
    '`since` must be an ISO 8601 timestamp with a timezone, e.g. "2025-03-01T09:30:00Z" or "2025-03-01T12:30:00+03:00". Deleted comments and comments on pages in the trash are left out. At most `limit` comments are returned (truncated: true when more exist).',
    'Fails with "space … not found or no access" for a space you do not belong to.',
  ].join('\n'),
  tier: 'deferred',
  catalogLine: CATALOG_LINES.checkNewComments,
  inputSchema: z.object({
    spaceId: z
      .string()
      .trim()
      .min(1)
      .max(MAX_ID_LENGTH, ID_TOO_LONG)
      .describe('The space to check (an id from listSpaces).'),
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
    limit: z
      .number()
      .int()
      .min(1)
      .max(200)
      .default(50)
      .describe('Most comments to return: 1 to 200, default 50.'),
  }),
  annotations: {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
});

/** Reading and writing page comments (core tier, always active), and catching up on a space's new comments (deferred). */
export const COMMENT_TOOLS = [
  createCommentTool,
  getCommentTool,
  listCommentsTool,
  resolveCommentTool,
  checkNewCommentsTool,
] as const;
