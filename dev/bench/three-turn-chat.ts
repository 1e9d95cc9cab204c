import { stepCountIs, streamText, type ModelMessage } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { ChatTurn } from '../../src/deferred';
import type { CarriedTool } from '../../src/deferred/carried-tools';
import { buildChatSystemPrompt } from '../../host/chat/system-prompt';
import { scriptedStream } from '../../host/chat/scripted-stream';
import { toAiSdkToolSet } from '../../src/registry/adapters/ai-sdk-tool-set';
import { createToolRegistry } from '../../src/registry/create-tool-registry';
import type { ToolCallContext } from '../../src/registry/tool-call-context';
import type { ToolExecutor } from '../../src/registry/tool-spec';
import { TOOL_DEFINITIONS } from '../../src/tools/tool-definitions';
import type { RecordedModelCall } from './chat-request-rendering';

/** all-active: toggle OFF; deferred-cold: every turn starts cold; deferred-carried: turns carry their activations. */
export type ChatMemoryMode =
  'all-active' | 'deferred-cold' | 'deferred-carried';
export const CHAT_MEMORY_MODES: readonly ChatMemoryMode[] = [
  'all-active',
  'deferred-cold',
  'deferred-carried',
];

/** The two table tools turn 1 loads and turns 2 and 3 use. */
export const TABLE_TOOLS = ['getTable', 'tableUpdateCell'] as const;

const PAGE_ID = '5eed0007-0000-4000-8000-000000000004';
const CONTEXT: ToolCallContext = {
  userId: '5eed0002-0000-4000-8000-000000000003',
  workspaceId: '5eed0001-0000-4000-8000-000000000001',
  surface: 'chat',
  sessionId: 'bench-three-turn-chat',
};

/** A pricing table as getTable returns one: what turns 2 and 3 work on. */
const TABLE_RESULT = {
  pageId: PAGE_ID,
  tableIndex: 0,
  columns: ['Plan', 'Price', 'Seats', 'Support'],
  rows: [
    ['Free', '$0', '3', 'Community'],
    ['Team', '$8 per user', 'Unlimited', 'Email'],
    ['Business', '$15 per user', 'Unlimited', 'Priority'],
    ['Enterprise', 'Contact us', 'Unlimited', 'Dedicated'],
  ],
};

/** Every tool answers without a database: the figures are token counts, not tool behaviour. */
function cannedExecutors(): Record<string, ToolExecutor> {
  const executors: Record<string, ToolExecutor> = {};
  for (const spec of TOOL_DEFINITIONS)
    executors[spec.name] = async () => ({ ok: true });
  executors.getTable = async () => TABLE_RESULT;
  executors.tableUpdateCell = async (input) => ({
    pageId: PAGE_ID,
    updated: input,
    historyId: '5eed0009-0000-4000-8000-000000000001',
  });
  return executors;
}

interface ScriptedCall {
  readonly toolName: string;
  readonly input: unknown;
}

/** The user's three messages and the tool calls each turn makes (loadTools added where a mode needs it). */
const TURNS: ReadonlyArray<{
  readonly message: string;
  readonly calls: readonly ScriptedCall[];
}> = [
  {
    message: 'In the pricing table, change the Team price to $9 per user.',
    calls: [
      { toolName: 'getTable', input: { pageId: PAGE_ID, table: '#1' } },
      {
        toolName: 'tableUpdateCell',
        input: {
          pageId: PAGE_ID,
          table: '#1',
          row: 2,
          column: 1,
          text: '$9 per user',
        },
      },
    ],
  },
  {
    message: 'Also make Business $16 per user.',
    calls: [
      {
        toolName: 'tableUpdateCell',
        input: {
          pageId: PAGE_ID,
          table: '#1',
          row: 3,
          column: 1,
          text: '$16 per user',
        },
      },
    ],
  },
  {
    message: 'Read the table back to me.',
    calls: [{ toolName: 'getTable', input: { pageId: PAGE_ID, table: '#1' } }],
  },
];

function scriptedModel(
  steps: readonly (ScriptedCall | { readonly text: string })[],
  calls: RecordedModelCall[],
): MockLanguageModelV3 {
  let index = 0;
  return new MockLanguageModelV3({
    doStream: async (options) => {
      calls.push({
        tools: options.tools,
        prompt: options.prompt as RecordedModelCall['prompt'],
      });
      const step = steps[index] ?? { text: 'Done.' };
      index++;
      return {
        stream: scriptedStream(
          'text' in step
            ? step
            : {
                toolCalls: [
                  {
                    toolCallId: `call-${calls.length}`,
                    toolName: step.toolName,
                    input: step.input,
                  },
                ],
              },
        ),
      };
    },
  });
}

/**
 * Plays the three-turn chat in one mode through `streamText` with the registry's real tool
 * definitions, as the chat service builds each turn, and returns every model request in order
 * with its turn number.
 */
export async function playThreeTurnChat(
  mode: ChatMemoryMode,
): Promise<Array<{ readonly turn: number; readonly call: RecordedModelCall }>> {
  const registry = createToolRegistry({
    specs: TOOL_DEFINITIONS,
    executors: cannedExecutors() as never,
    logger: { warn: () => undefined },
  });
  const toolSet = toAiSdkToolSet(registry, CONTEXT);
  const boundTools = registry.tools.map((bound) => ({
    name: bound.spec.name,
    tier: bound.spec.tier,
    catalogLine: bound.spec.catalogLine,
    tool: toolSet[bound.spec.name]!,
  }));
  const requests: Array<{ turn: number; call: RecordedModelCall }> = [];
  let history: ModelMessage[] = [];
  let carried: CarriedTool[] = [];
  for (const [index, { message, calls }] of TURNS.entries()) {
    // The chat as it loaded tools before issue 46: a load changes the tools array.
    const turn = new ChatTurn({
      toolLoading: 'tool-list',
      enabled: mode !== 'all-active',
      boundTools,
      ...(mode === 'deferred-carried' ? { carriedTools: carried } : {}),
    });
    const needsLoad =
      mode === 'deferred-cold' || (mode === 'deferred-carried' && index === 0);
    const steps = [
      ...(needsLoad
        ? [{ toolName: 'loadTools', input: { names: [...TABLE_TOOLS] } }]
        : []),
      ...calls,
      { text: 'Done.' },
    ];
    const recorded: RecordedModelCall[] = [];
    const system = buildChatSystemPrompt({
      user: { email: 'jordan@example.com', role: 'member' },
      toolCatalog: turn.catalogBlock,
    });
    const messages: ModelMessage[] = [
      ...history,
      { role: 'user', content: message },
    ];
    const result = streamText({
      model: scriptedModel(steps, recorded),
      system,
      messages,
      tools: turn.tools,
      stopWhen: stepCountIs(10),
      prepareStep: () => ({
        activeTools: turn.activeTools() as string[] | undefined,
      }),
    });
    await result.consumeStream();
    history = [...messages, ...(await result.response).messages];
    carried = turn.carriedTools();
    for (const call of recorded) requests.push({ turn: index + 1, call });
  }
  return requests;
}
