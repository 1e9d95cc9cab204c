import { ToolError } from '../../../src/ground';
import { z } from 'zod';
import { prosemirrorNodeInput } from '../../../src/registry/prosemirror-node-input';
import type { ToolCallContext } from '../../../src/registry/tool-call-context';
import type { ToolInterceptor } from '../../../src/registry/tool-interceptor';
import {
  defineTool,
  type ToolExecutorMap,
} from '../../../src/registry/tool-spec';

/** Small specs for tests about the mechanism, not the product. */
export const SAMPLE_TOOLS = [
  defineTool({
    name: 'getPage',
    mcpName: 'get_page',
    title: 'Get a page',
    description: 'Reads a page by id.',
    tier: 'core',
    inputSchema: z.object({
      pageId: z.string().describe('The page id.'),
      maxLength: z
        .number()
        .int()
        .min(1)
        .default(1000)
        .describe('Characters to return.'),
    }),
    annotations: { readOnlyHint: true },
  }),
  defineTool({
    name: 'readNote',
    mcpName: 'read_note',
    title: 'Read a note',
    description: 'Returns a note as plain text.',
    tier: 'core',
    inputSchema: z.object({ pageId: z.string().describe('The page id.') }),
    annotations: { readOnlyHint: true },
  }),
  defineTool({
    name: 'patchNode',
    mcpName: 'patch_node',
    title: 'Patch a node',
    description: 'Replaces one block.',
    tier: 'deferred',
    catalogLine:
      'replace ONE block by its attrs.id without resending the document.',
    inputSchema: z.object({ pageId: z.string(), node: prosemirrorNodeInput() }),
    annotations: {
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
    },
  }),
  defineTool({
    name: 'deletePage',
    mcpName: 'delete_page',
    title: 'Delete a page',
    description: 'Moves a page to the trash.',
    tier: 'deferred',
    catalogLine: 'SOFT-delete a page to trash (restorable, never permanent).',
    inputSchema: z.object({ pageId: z.string() }),
    annotations: { readOnlyHint: false, destructiveHint: true },
  }),
  defineTool({
    name: 'renamePage',
    mcpName: 'rename_page',
    title: 'Rename a page',
    description: 'Changes the title.',
    tier: 'deferred',
    catalogLine: "change a page's title only.",
    inputSchema: z.object({ pageId: z.string(), title: z.string() }),
    annotations: { readOnlyHint: false },
  }),
] as const;

export const SAMPLE_CONTEXT: ToolCallContext = {
  userId: 'user-1',
  workspaceId: 'workspace-1',
  surface: 'chat',
  sessionId: 'session-1',
};

/** Every sample tool but renamePage, which stays unbound. */
export function sampleExecutors(
  received: unknown[] = [],
): ToolExecutorMap<typeof SAMPLE_TOOLS> {
  return {
    getPage: async (input, context) => {
      received.push(input);
      return {
        id: input.pageId,
        title: 'Roadmap',
        by: context.userId,
        surface: context.surface,
      };
    },
    readNote: async (input) => `Note of ${input.pageId}`,
    patchNode: async (input) => {
      received.push(input);
      return {
        patched: input.node.type,
        nodeIsObject: typeof input.node === 'object',
      };
    },
    deletePage: async () => {
      throw new ToolError('not_found', 'page not found or no access');
    },
  };
}

/** Adds a notice to calls on the page "busy", like the comment signal does. */
export const busyPageSignal: ToolInterceptor = async (invocation, next) => {
  const outcome = await next();
  const pageId = (invocation.input as { pageId?: string }).pageId;
  if (pageId !== 'busy') return outcome;
  return {
    ...outcome,
    notices: [
      ...outcome.notices,
      '[signal] new comments: 2 on page busy ("Busy") — call listComments(pageId) for details',
    ],
  };
};
