import { viewModelCall, type ModelCallOptions } from './model-call-view';
import type { RecordedAgentStep } from './scripted-agent';
import {
  countTokens,
  countToolTokens,
  type ModelFunctionTool,
} from '../../host/chat/tool-tokens';
import {
  buildTurnReport,
  savingPercent,
  sharePercent,
  sumTurnTokens,
} from './turn-report';

const CATALOG =
  '<tool_catalog note="deferred">\n- getTable — read a table as a cell matrix.\n</tool_catalog>';
const SIGNAL =
  '[signal] new comments: 2 on page 5eed0007-0000-4000-8000-000000000002 ("Roadmap") — call listComments(pageId) for details';

function functionTool(name: string): ModelFunctionTool {
  return {
    type: 'function',
    name,
    description: `The ${name} tool.`,
    inputSchema: { type: 'object', properties: {} },
  };
}

type ToolResultPart = Extract<
  Extract<
    ModelCallOptions['prompt'][number],
    { role: 'tool' }
  >['content'][number],
  { type: 'tool-result' }
>;
type ToolResultOutput = ToolResultPart['output'];

function toolMessage(
  results: readonly {
    toolCallId: string;
    toolName: string;
    output: ToolResultOutput;
  }[],
) {
  return {
    role: 'tool' as const,
    content: results.map((result) => ({
      type: 'tool-result' as const,
      ...result,
    })),
  };
}

function callOptions(
  tools: string[],
  results: { toolCallId: string; toolName: string; output: ToolResultOutput }[],
  system = `rules\n${CATALOG}`,
): ModelCallOptions {
  return {
    prompt: [
      { role: 'system', content: system },
      { role: 'user', content: [{ type: 'text', text: 'hi' }] },
      ...(results.length > 0 ? [toolMessage(results)] : []),
    ],
    tools: tools.map(functionTool),
    toolChoice: { type: 'auto' },
  } as ModelCallOptions;
}

function recorded(
  stepNumber: number,
  options: ModelCallOptions,
  reply: Partial<RecordedAgentStep>,
): RecordedAgentStep {
  return {
    stepNumber,
    callOptions: options,
    view: viewModelCall(options),
    events: [],
    toolCalls: [],
    ...reply,
  };
}

describe('viewModelCall', () => {
  it('reads tool results, splitting [signal] lines off a content result and marking errors', () => {
    const view = viewModelCall(
      callOptions(
        ['getNode'],
        [
          {
            toolCallId: 'a',
            toolName: 'getOutline',
            output: { type: 'json', value: { blocks: [] } },
          },
          {
            toolCallId: 'b',
            toolName: 'getNode',
            output: {
              type: 'content',
              value: [
                { type: 'text', text: '{"text":"Q3"}' },
                { type: 'text', text: `${SIGNAL}\n${SIGNAL}` },
              ],
            },
          },
          {
            toolCallId: 'c',
            toolName: 'getPage',
            output: {
              type: 'error-text',
              value: 'page not found or no access',
            },
          },
        ],
      ),
    );
    expect(view.activeToolNames).toEqual(['getNode']);
    expect(view.system).toContain(CATALOG);
    expect(view.results).toEqual([
      {
        toolCallId: 'a',
        toolName: 'getOutline',
        text: '{"blocks":[]}',
        signals: [],
        isError: false,
      },
      {
        toolCallId: 'b',
        toolName: 'getNode',
        text: '{"text":"Q3"}',
        signals: [SIGNAL, SIGNAL],
        isError: false,
      },
      {
        toolCallId: 'c',
        toolName: 'getPage',
        text: 'page not found or no access',
        signals: [],
        isError: true,
      },
    ]);
  });
});

describe('buildTurnReport', () => {
  const core = ['getPage', 'loadTools'];
  const loaded = [...core, 'getTable'];
  const steps = [
    recorded(0, callOptions(core, []), {
      toolCalls: [
        {
          toolCallId: 'load',
          toolName: 'loadTools',
          input: { names: ['getTable'] },
        },
      ],
    }),
    recorded(
      1,
      callOptions(loaded, [
        {
          toolCallId: 'load',
          toolName: 'loadTools',
          output: { type: 'json', value: { loaded: ['getTable'] } },
        },
      ]),
      {
        toolCalls: [
          { toolCallId: 'table', toolName: 'getTable', input: { table: 0 } },
        ],
      },
    ),
    recorded(
      2,
      callOptions(loaded, [
        {
          toolCallId: 'load',
          toolName: 'loadTools',
          output: { type: 'json', value: { loaded: ['getTable'] } },
        },
        {
          toolCallId: 'table',
          toolName: 'getTable',
          output: {
            type: 'content',
            value: [
              { type: 'text', text: '{"rows":4}' },
              { type: 'text', text: SIGNAL },
            ],
          },
        },
      ]),
      { text: 'Done.' },
    ),
  ];
  const allActive = countToolTokens(
    ['getPage', 'getTable', 'renamePage', 'movePage', 'sharePage'].map(
      functionTool,
    ),
  );
  const report = buildTurnReport({
    id: 'table-edit',
    title: 'Table edit',
    message: 'Edit the table',
    pageTitle: 'Pricing',
    userEmail: 'member@acme.test',
    chatId: 'chat-1',
    steps,
    allActiveToolTokens: allActive,
  });

  it('attaches to each call the result the model read on the next step, with its signal lines', () => {
    expect(report.steps[0]!.toolCalls[0]!.result).toEqual({
      text: '{"loaded":["getTable"]}',
      signals: [],
      isError: false,
    });
    expect(report.steps[1]!.toolCalls[0]!.result).toEqual({
      text: '{"rows":4}',
      signals: [SIGNAL],
      isError: false,
    });
    expect(report.steps[2]!.text).toBe('Done.');
  });

  it('names the tools a step was sent that the step before was not', () => {
    expect(report.steps.map((step) => step.activeToolNames.length)).toEqual([
      2, 3, 3,
    ]);
    expect(report.steps.map((step) => step.newlyActiveToolNames)).toEqual([
      [],
      ['getTable'],
      [],
    ]);
  });

  it('counts per step the tools sent and the catalog block, and compares the turn with every tool active', () => {
    const coreTokens = countToolTokens(core.map(functionTool));
    const loadedTokens = countToolTokens(loaded.map(functionTool));
    expect(report.steps.map((step) => step.toolTokens)).toEqual([
      coreTokens,
      loadedTokens,
      loadedTokens,
    ]);
    expect(
      report.steps.every((step) => step.catalogTokens === countTokens(CATALOG)),
    ).toBe(true);
    const deferred = coreTokens + 2 * loadedTokens + 3 * countTokens(CATALOG);
    expect(report.tokens).toEqual({
      toolTokens: coreTokens + 2 * loadedTokens,
      catalogTokens: 3 * countTokens(CATALOG),
      deferredTokens: deferred,
      allActiveTokens: 3 * allActive,
      savingPercent: savingPercent(deferred, 3 * allActive),
      // Docmost's own tools, all active, on each of the 3 steps.
      docmostTokens: 3 * 5946,
      shareOfDocmostPercent: sharePercent(deferred, 3 * 5946),
    });
  });

  it('counts no catalog when the system prompt has none (deferred tools OFF)', () => {
    const off = buildTurnReport({
      ...report,
      steps: [recorded(0, callOptions(core, [], 'rules only'), { text: 'ok' })],
      allActiveToolTokens: allActive,
    });
    expect(off.steps[0]!.catalogTokens).toBe(0);
  });
});

describe('savingPercent and sumTurnTokens', () => {
  it('gives the share saved with one decimal, negative when deferring cost more', () => {
    expect(savingPercent(25, 100)).toBe(75);
    expect(savingPercent(1, 3)).toBe(66.7);
    expect(savingPercent(120, 100)).toBe(-20);
    expect(savingPercent(0, 0)).toBe(0);
  });

  it('sums turns and recomputes the saving from the sums', () => {
    const tokens = (
      toolTokens: number,
      catalogTokens: number,
      allActiveTokens: number,
      docmostTokens: number,
    ) => ({
      toolTokens,
      catalogTokens,
      deferredTokens: toolTokens + catalogTokens,
      allActiveTokens,
      savingPercent: savingPercent(toolTokens + catalogTokens, allActiveTokens),
      docmostTokens,
      shareOfDocmostPercent: sharePercent(
        toolTokens + catalogTokens,
        docmostTokens,
      ),
    });
    const turns = [
      { tokens: tokens(10, 5, 60, 30) },
      { tokens: tokens(30, 5, 40, 30) },
    ] as unknown as Parameters<typeof sumTurnTokens>[0];
    expect(sumTurnTokens(turns)).toEqual(tokens(40, 10, 100, 60));
  });
});
