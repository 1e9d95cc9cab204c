import {
  catalogNames,
  readToolMessage,
  viewConversation,
} from './conversation-view';

describe('readToolMessage', () => {
  it('reads a JSON result', () => {
    expect(readToolMessage('{"loaded":["getTable"]}')).toEqual({
      text: '{"loaded":["getTable"]}',
      signals: [],
      json: { loaded: ['getTable'] },
    });
  });

  it('reads an error as text without JSON', () => {
    expect(
      readToolMessage("Model tried to call unavailable tool 'getTable'."),
    ).toEqual({
      text: "Model tried to call unavailable tool 'getTable'.",
      signals: [],
    });
  });

  it('splits a result with notices (one JSON-stringified array of text parts) into the result and its [signal] lines', () => {
    const content = JSON.stringify([
      { type: 'text', text: '{"id":"abc"}' },
      {
        type: 'text',
        text: '[signal] new comments: 1 on page 5eed0007-0000-4000-8000-000000000002 ("Roadmap 2025") — call listComments(pageId) for details',
      },
    ]);
    const result = readToolMessage(content);
    expect(result.json).toEqual({ id: 'abc' });
    expect(result.signals).toHaveLength(1);
    expect(result.text).toBe('{"id":"abc"}');
  });
});

describe('viewConversation', () => {
  const view = viewConversation({
    model: 'm',
    tool_choice: 'none',
    tools: [{ type: 'function', function: { name: 'getPage' } }],
    messages: [
      {
        role: 'system',
        content:
          'Rules.\n<tool_catalog note="x">\n- getTable — reads a table\n- web_* (external MCP server "Web") — load individual tools by exact name: web_search, web_fetch\n</tool_catalog>',
      },
      { role: 'user', content: 'first' },
      {
        role: 'assistant',
        tool_calls: [
          {
            id: 'a',
            type: 'function',
            function: { name: 'getPage', arguments: '{"pageId":"p"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'a', content: '{"content":"x"}' },
      { role: 'user', content: 'second' },
      {
        role: 'assistant',
        tool_calls: [
          {
            id: 'b',
            type: 'function',
            function: { name: 'loadTools', arguments: 'not json' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'b', content: 'Unknown tool name' },
    ],
  });

  it('separates the current turn from earlier ones and pairs calls with results', () => {
    expect(view.userMessage).toBe('second');
    expect(
      view.earlierCalls.map((call) => [
        call.name,
        call.input,
        call.result?.json,
      ]),
    ).toEqual([['getPage', { pageId: 'p' }, { content: 'x' }]]);
    expect(
      view.turnCalls.map((call) => [call.name, call.input, call.result?.text]),
    ).toEqual([['loadTools', 'not json', 'Unknown tool name']]);
    expect(view.activeToolNames).toEqual(['getPage']);
    expect(view.toolsLocked).toBe(true);
  });

  it('finds exact names in the catalog, its own lines and an external server list alike', () => {
    expect(catalogNames(view, 'getTable')).toBe(true);
    expect(catalogNames(view, 'web_fetch')).toBe(true);
    expect(catalogNames(view, 'web_fetc')).toBe(false);
    expect(catalogNames(view, 'getPage')).toBe(false);
  });
});
