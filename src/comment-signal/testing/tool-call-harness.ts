import { z } from 'zod';
import type { ToolCallContext } from '../../registry/tool-call-context';
import type {
  ToolInterceptor,
  ToolOutcome,
} from '../../registry/tool-interceptor';
import type { AnyToolSpec } from '../../registry/tool-spec';

export const WORKSPACE_ID = '0a000000-0000-4000-8000-000000000001';
export const USER_ID = '0b000000-0000-4000-8000-000000000001';
export const CHAT_ID = '0c000000-0000-4000-8000-000000000001';

/** Page uuids `pageUuid(1)`, `pageUuid(2)`, ... */
export function pageUuid(index: number): string {
  return `0d000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
}

/**
 * A spec named `name` as the registry would hold it, with the fields the comment signal reads
 * (`readsComments`, `namesNoPage`) as given: none by default.
 */
export function testSpec(
  name: string,
  fields: Pick<AnyToolSpec, 'readsComments' | 'namesNoPage'> = {},
): AnyToolSpec {
  return {
    name,
    mcpName: name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`),
    title: name,
    description: `${name} (test)`,
    tier: 'core',
    inputSchema: z.object({}),
    annotations: {},
    ...fields,
  };
}

/** The specs of the tools that read comments or name no page, as `src/tools` declares them. */
export const LIST_COMMENTS = testSpec('listComments', {
  readsComments: 'page',
});
export const CHECK_NEW_COMMENTS = testSpec('checkNewComments', {
  readsComments: 'since',
});
export const LIST_SPACES = testSpec('listSpaces', { namesNoPage: true });
export const GET_WORKSPACE = testSpec('getWorkspace', { namesNoPage: true });

export function chatContext(
  overrides: Partial<ToolCallContext> = {},
): ToolCallContext {
  return {
    userId: USER_ID,
    workspaceId: WORKSPACE_ID,
    surface: 'chat',
    sessionId: 'turn-1',
    chatId: CHAT_ID,
    ...overrides,
  };
}

export function mcpContext(
  overrides: Partial<ToolCallContext> = {},
): ToolCallContext {
  return {
    userId: USER_ID,
    workspaceId: WORKSPACE_ID,
    surface: 'mcp',
    sessionId: 'mcp-1',
    ...overrides,
  };
}

export interface HarnessCall {
  /** What the wrapped executor returned. */
  readonly inner: ToolOutcome;
  /** What the interceptor returned. */
  readonly result: ToolOutcome;
}

/** Runs one call of `tool` (a spec, or a name: a tool that reads no comments) through the interceptor, the executor returning `output`. */
export async function callTool(
  interceptor: ToolInterceptor,
  tool: string | AnyToolSpec,
  input: unknown,
  output: unknown,
  context: ToolCallContext = chatContext(),
): Promise<HarnessCall> {
  const inner: ToolOutcome = { output, notices: [] };
  const result = await interceptor(
    {
      spec: typeof tool === 'string' ? testSpec(tool) : tool,
      input,
      context,
    },
    async () => inner,
  );
  return { inner, result };
}

/** The signal notice of a result, or undefined. */
export function signalOf(call: HarnessCall): string | undefined {
  return call.result.notices.find((notice) => notice.startsWith('[signal]'));
}
