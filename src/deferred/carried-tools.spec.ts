import { jsonSchema, tool, type Tool } from 'ai';
import { selectCarriedTools } from './carried-tools';
import { ChatTurn } from './chat-turn';
import type { TurnTool } from './chat-turn-options';

function echoTool(name: string): Tool {
  return tool({
    description: `${name} description`,
    inputSchema: jsonSchema<unknown>({
      type: 'object',
      properties: { id: { type: 'string' } },
    }),
    execute: async (input) => ({ tool: name, input }),
  });
}

const BOUND: TurnTool[] = [
  { name: 'getPage', tier: 'core', tool: echoTool('getPage') },
  {
    name: 'getTable',
    tier: 'deferred',
    catalogLine: 'read a table.',
    tool: echoTool('getTable'),
  },
  {
    name: 'tableUpdateCell',
    tier: 'deferred',
    catalogLine: 'edit a cell.',
    tool: echoTool('tableUpdateCell'),
  },
  {
    name: 'deleteNode',
    tier: 'deferred',
    catalogLine: 'remove one block.',
    tool: echoTool('deleteNode'),
  },
];

function clockAt(start: number): {
  now: () => number;
  set(value: number): void;
} {
  let current = start;
  return { now: () => current, set: (value) => void (current = value) };
}

describe('deferred tools carried across turns', () => {
  it('activates the carried tools before the first step, in their order, after the core tools and loadTools', () => {
    const turn = new ChatTurn({
      toolLoading: 'tool-list',
      enabled: true,
      boundTools: BOUND,
      carriedTools: [
        { name: 'tableUpdateCell', usedAt: 2 },
        { name: 'getTable', usedAt: 1 },
      ],
    });
    expect(turn.activeTools()).toEqual([
      'getPage',
      'loadTools',
      'tableUpdateCell',
      'getTable',
    ]);
    // The object order is what the SDK serialises: the carried tools follow loadTools as activated.
    expect(
      Object.keys(turn.tools).filter((name) =>
        turn.activeTools()!.includes(name),
      ),
    ).toEqual(['getPage', 'loadTools', 'tableUpdateCell', 'getTable']);
    expect(turn.activate(['getTable'])).toEqual({
      loaded: [],
      alreadyActive: ['getTable'],
    });
  });

  it('drops tools no longer bound or no longer deferred, silently', () => {
    const turn = new ChatTurn({
      toolLoading: 'tool-list',
      enabled: true,
      boundTools: BOUND,
      carriedTools: [
        { name: 'gone', usedAt: 1 },
        { name: 'getPage', usedAt: 1 },
        { name: 'deleteNode', usedAt: 1 },
      ],
    });
    expect(turn.activeTools()).toEqual(['getPage', 'loadTools', 'deleteNode']);
    expect(turn.carriedTools().map((carried) => carried.name)).toEqual([
      'deleteNode',
    ]);
  });

  it('keeps at most maxCarriedTools, the least recently used dropped first, the rest in activation order', () => {
    const carried = [
      { name: 'getTable', usedAt: 30 },
      { name: 'tableUpdateCell', usedAt: 10 },
      { name: 'deleteNode', usedAt: 20 },
    ];
    const turn = new ChatTurn({
      toolLoading: 'tool-list',
      enabled: true,
      boundTools: BOUND,
      carriedTools: carried,
      maxCarriedTools: 2,
    });
    expect(turn.activeTools()).toEqual([
      'getPage',
      'loadTools',
      'getTable',
      'deleteNode',
    ]);
    expect(
      () =>
        new ChatTurn({
          toolLoading: 'tool-list',
          enabled: true,
          boundTools: BOUND,
          maxCarriedTools: 0,
        }),
    ).toThrow(
      "maxCarriedTools must be a positive integer (tools carried into a chat's next turn), got 0",
    );
  });

  it('hands on carried and newly loaded tools in activation order, a call counting as a use', async () => {
    const clock = clockAt(100);
    const turn = new ChatTurn({
      toolLoading: 'tool-list',
      enabled: true,
      boundTools: BOUND,
      carriedTools: [{ name: 'getTable', usedAt: 5 }],
      now: clock.now,
    });
    clock.set(200);
    turn.activate(['deleteNode']);
    clock.set(300);
    await turn.tools.getTable!.execute!(
      { id: 'x' },
      { toolCallId: 'call', messages: [] },
    );
    expect(turn.carriedTools()).toEqual([
      { name: 'getTable', usedAt: 300 },
      { name: 'deleteNode', usedAt: 200 },
    ]);
  });

  it('toggle OFF: ignores the carried tools and hands on nothing, so the stored set is kept', () => {
    const turn = new ChatTurn({
      toolLoading: 'tool-list',
      enabled: false,
      boundTools: BOUND,
      carriedTools: [{ name: 'getTable', usedAt: 1 }],
    });
    expect(turn.activeTools()).toBeUndefined();
    expect(turn.carriedTools()).toEqual([]);
  });

  it('selectCarriedTools merges a duplicated name: first position, latest use', () => {
    const selected = selectCarriedTools(
      [
        { name: 'a', usedAt: 1 },
        { name: 'b', usedAt: 2 },
        { name: 'a', usedAt: 3 },
      ],
      () => true,
      5,
    );
    expect(selected).toEqual([
      { name: 'a', usedAt: 3 },
      { name: 'b', usedAt: 2 },
    ]);
  });
});
