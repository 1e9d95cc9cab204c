import {
  jsonSchema,
  stepCountIs,
  streamText,
  tool,
  type PrepareStepFunction,
  type ToolSet,
} from 'ai';
import {
  createScriptedModel,
  sentSystem,
  sentToolNames,
  sentToolResults,
  type ScriptEntry,
} from '../../test/chat/support/scripted-model';
import { createToolRegistry } from '../registry/create-tool-registry';
import type { ToolCallContext } from '../registry/tool-call-context';
import type { ToolExecutor } from '../registry/tool-spec';
import { searchPagesTool } from '../tools/reading/reading.tools';
import { getTableTool, tableInsertRowTool } from '../tools/tables/tables.tools';
import {
  DeferredToolsService,
  externalServersOf,
  type StartTurnOptions,
} from './deferred-tools.service';

const SPECS = [searchPagesTool, getTableTool, tableInsertRowTool] as const;

const CONTEXT: ToolCallContext = {
  userId: 'user-1',
  workspaceId: 'workspace-1',
  surface: 'chat',
  sessionId: 'session-1',
  chatId: 'chat-1',
};

interface RecordedCall {
  readonly name: string;
  readonly userId: string;
}

function createService(calls: RecordedCall[] = []): DeferredToolsService {
  const executors: Record<string, ToolExecutor> = {};
  for (const spec of SPECS) {
    executors[spec.name] = async (input, context) => {
      calls.push({ name: spec.name, userId: context.userId });
      return { tool: spec.name, input };
    };
  }
  const registry = createToolRegistry({
    specs: SPECS,
    executors: executors as never,
    logger: { warn: () => undefined },
  });
  return new DeferredToolsService(registry);
}

const webServer = {
  name: 'Web',
  prefix: 'web',
  tools: {
    web_fetch: tool({
      description: 'fetch a URL',
      inputSchema: jsonSchema<unknown>({ type: 'object' }),
      execute: async () => 'fetched',
    }),
  },
};

/** Docmost's kind of final-step lockdown: on the last step no tool at all, and an instruction. */
function lockdownAt(maxSteps: number): PrepareStepFunction<ToolSet> {
  return ({ stepNumber }) =>
    stepNumber < maxSteps - 1
      ? undefined
      : { activeTools: [], toolChoice: 'none', system: 'FINAL STEP' };
}

async function runTurn(
  options: Omit<StartTurnOptions, 'context'>,
  script: ScriptEntry[],
  maxSteps = 6,
  calls: RecordedCall[] = [],
) {
  const turn = createService(calls).startTurn({
    context: CONTEXT,
    toolLoading: 'tool-list',
    ...options,
  });
  const model = createScriptedModel(script);
  const result = streamText({
    model,
    system: turn.systemWithCatalog('HOST PROMPT'),
    prompt: 'hello',
    ...turn,
    stopWhen: stepCountIs(maxSteps),
  });
  await result.consumeStream();
  return { turn, model, sent: model.doStreamCalls.map(sentToolNames) };
}

describe('DeferredToolsService.startTurn', () => {
  it('spreads into streamText as exactly its tools, prepareStep and repair', () => {
    const turn = createService().startTurn({
      context: CONTEXT,
      toolLoading: 'tool-list',
      enabled: true,
    });
    expect(Object.keys({ ...turn }).sort()).toEqual([
      'experimental_repairToolCall',
      'prepareStep',
      'tools',
    ]);
  });

  it("takes external tools as Docmost's chat service holds them, one flat map of prefixed names", () => {
    const turn = createService().startTurn({
      toolLoading: 'tool-list',
      context: CONTEXT,
      enabled: true,
      externalTools: { ...webServer.tools },
    });
    expect(Object.keys(turn.tools)).toContain('web_fetch');
    expect(turn.activeTools()).not.toContain('web_fetch');
    expect(turn.catalogBlock).toContain('- web_* (external MCP server "web")');
    expect(
      externalServersOf({
        jira_search: webServer.tools.web_fetch!,
        plain: webServer.tools.web_fetch!,
      })?.map((server) => [server.prefix, Object.keys(server.tools)]),
    ).toEqual([
      ['jira', ['jira_search']],
      ['plain', ['plain']],
    ]);
  });

  it('maps the registry to the turn: core tools and loadTools visible, deferred tools and external servers in the catalog', () => {
    const turn = createService().startTurn({
      toolLoading: 'tool-list',
      context: CONTEXT,
      enabled: true,
      externalTools: [webServer],
    });
    expect(turn.activeTools()).toEqual(['searchPages', 'loadTools']);
    expect(Object.keys(turn.tools)).toEqual([
      'searchPages',
      'loadTools',
      'getTable',
      'tableInsertRow',
      'web_fetch',
    ]);
    const listed = turn.catalogBlock
      .split('\n')
      .filter((line) => line.startsWith('- '));
    expect(listed.map((line) => line.split(' ')[1])).toEqual([
      'getTable',
      'tableInsertRow',
      'web_*',
    ]);
    expect(turn.systemWithCatalog('HOST PROMPT')).toBe(
      `HOST PROMPT\n\n${turn.catalogBlock}`,
    );
  });

  it('runs registry tools as the context user, and shows a loaded tool on the next step', async () => {
    const calls: RecordedCall[] = [];
    const { sent } = await runTurn(
      { enabled: true },
      [
        {
          toolCalls: [
            { toolName: 'searchPages', input: { query: 'roadmap' } },
            { toolName: 'loadTools', input: { names: ['getTable'] } },
          ],
        },
        {
          toolCalls: [
            { toolName: 'getTable', input: { pageId: 'page-1', table: 0 } },
          ],
        },
      ],
      6,
      calls,
    );
    expect(sent[0]).toEqual(['searchPages', 'loadTools']);
    expect(sent[1]).toEqual(['searchPages', 'loadTools', 'getTable']);
    expect(calls).toEqual([
      { name: 'searchPages', userId: 'user-1' },
      { name: 'getTable', userId: 'user-1' },
    ]);
  });

  it("lets the host's final-step lockdown win over tools loaded on the way", async () => {
    const { model, sent } = await runTurn(
      { enabled: true, prepareStep: lockdownAt(3) },
      [
        {
          toolCalls: [
            { toolName: 'loadTools', input: { names: ['getTable'] } },
          ],
        },
        {
          toolCalls: [
            { toolName: 'loadTools', input: { names: ['tableInsertRow'] } },
          ],
        },
      ],
      3,
    );
    expect(sent).toEqual([
      ['searchPages', 'loadTools'],
      ['searchPages', 'loadTools', 'getTable'],
      [],
    ]);
    expect(model.doStreamCalls[2]!.toolChoice).toEqual({ type: 'none' });
    expect(sentSystem(model.doStreamCalls[2]!)).toBe('FINAL STEP');
  });

  it("keeps the host's system and toolChoice when it leaves visibility to the turn", async () => {
    const host: PrepareStepFunction<ToolSet> = ({ stepNumber }) =>
      stepNumber === 1 ? { system: 'LAST', toolChoice: 'none' } : {};
    const { model, sent } = await runTurn(
      { enabled: true, prepareStep: host },
      [
        {
          toolCalls: [
            { toolName: 'loadTools', input: { names: ['getTable'] } },
          ],
        },
      ],
      2,
    );
    expect(sent[1]).toEqual(['searchPages', 'loadTools', 'getTable']);
    expect(model.doStreamCalls[1]!.toolChoice).toEqual({ type: 'none' });
    expect(sentSystem(model.doStreamCalls[1]!)).toBe('LAST');
  });

  it('repairs a direct call of an unloaded deferred tool into loadTools', async () => {
    const calls: RecordedCall[] = [];
    const { model, turn } = await runTurn(
      { enabled: true },
      [
        {
          toolCalls: [
            {
              toolName: 'getTable',
              input: { pageId: 'page-1', table: 0 },
              toolCallId: 'direct-1',
            },
          ],
        },
      ],
      6,
      calls,
    );
    expect(calls).toEqual([]);
    expect(
      sentToolResults(model.doStreamCalls[1]!).get('direct-1')?.toolName,
    ).toBe('loadTools');
    expect(turn.activatedToolNames).toEqual(['getTable']);
    expect(turn.carriedTools().map((carried) => carried.name)).toEqual([
      'getTable',
    ]);
  });

  it('starts from the carried tools of the previous turn', () => {
    const turn = createService().startTurn({
      toolLoading: 'tool-list',
      context: CONTEXT,
      enabled: true,
      carriedTools: [{ name: 'tableInsertRow', usedAt: 1 }],
    });
    expect(turn.activeTools()).toEqual([
      'searchPages',
      'loadTools',
      'tableInsertRow',
    ]);
  });

  it('OFF: every tool sent on every step, the host answer as it is, the system prompt unchanged', async () => {
    const { turn, model, sent } = await runTurn(
      {
        enabled: false,
        externalTools: [webServer],
        prepareStep: lockdownAt(2),
      },
      [
        {
          toolCalls: [{ toolName: 'searchPages', input: { query: 'roadmap' } }],
        },
      ],
      2,
    );
    expect(turn.enabled).toBe(false);
    expect(turn.catalogBlock).toBe('');
    expect(turn.systemWithCatalog('HOST PROMPT')).toBe('HOST PROMPT');
    expect(sent).toEqual([
      ['searchPages', 'getTable', 'tableInsertRow', 'web_fetch'],
      [],
    ]);
    expect(sentSystem(model.doStreamCalls[0]!)).toBe('HOST PROMPT');
  });
});
