import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import {
  chatCacheFigures,
  PrefixCache,
  requestTokens,
  serializeRequest,
  withStaticToolBlock,
  type SerializedRequest,
} from './prefix-cache';

const request = (tools: number[], messages: number[]): SerializedRequest => ({
  toolTokens: tools,
  messageTokens: messages,
});

describe('the exact-prefix cache of the chat figures', () => {
  it('serializes the tools as sent first, then every message as the model reads it', () => {
    const tools = [
      {
        type: 'function' as const,
        function: { name: 'getPage', parameters: { type: 'object' } },
      },
    ];
    const system = { role: 'system' as const, content: 'Be brief.' };
    const user = { role: 'user' as const, content: 'Hi' };
    const call = {
      role: 'assistant' as const,
      content: '',
      tool_calls: [
        {
          id: 'call_1',
          type: 'function' as const,
          function: { name: 'getPage', arguments: '{"pageId":"p1"}' },
        },
      ],
    };
    const result = {
      role: 'tool' as const,
      tool_call_id: 'call_1',
      content: '{"title":"Roadmap"}',
    };
    const serialized = serializeRequest({
      model: 'any',
      stream: true,
      tools,
      messages: [system, user, call, result],
    });
    expect(serialized.toolTokens).toEqual(encode(JSON.stringify(tools)));
    expect(serialized.messageTokens).toEqual([
      ...encode('system\nBe brief.'),
      ...encode('user\nHi'),
      // The tool call's id is not shown to the model; its output is read as the text it is.
      ...encode('assistant\n\ngetPage {"pageId":"p1"}'),
      ...encode('tool\n{"title":"Roadmap"}'),
    ]);
    // No tools: the request starts with the system message.
    expect(
      serializeRequest({ model: 'any', messages: [system] }).toolTokens,
    ).toEqual([]);
  });

  it('serves each request the longest prefix it shares with any request seen before', () => {
    const cache = new PrefixCache();
    cache.remember([1, 2, 3, 4]);
    cache.remember([1, 2, 9]);
    expect(cache.servedPrefix([1, 2, 3, 5])).toBe(3);
    expect(cache.servedPrefix([1, 2, 9, 9])).toBe(3);
    expect(cache.servedPrefix([7])).toBe(0);
  });

  it('counts a chat: cached and fresh tokens per request, what only an earlier chat served, and prices', () => {
    const warm = new PrefixCache();
    warm.remember([1, 2, 3, 50]);
    const figures = chatCacheFigures(
      [
        request([1, 2], [3, 10, 11]),
        request([1, 2], [3, 10, 11, 12, 13]),
        // A changed tools part: nothing after it is cached any more.
        request([1, 2, 4], [3, 10, 11, 12, 13, 14]),
      ],
      warm,
    );
    // Served: 3 (earlier chat), 5 (within), 2 (tools prefix).
    expect(figures).toEqual({
      requests: 3,
      inputTokens: 5 + 7 + 9,
      cachedTokens: 3 + 5 + 2,
      cachedFromEarlierChatsTokens: 3,
      freshTokens: 2 + 2 + 7,
      pricedInputTokens: { 10: 12, 25: 14, 50: 16 },
    });
    // The earlier chats' cache is left as it was.
    expect(warm.servedPrefix([1, 2, 3, 10])).toBe(3);
  });

  it('replaces the tools part by a static block that matches only itself', () => {
    const block = withStaticToolBlock(request([1, 2], [3]), 4);
    expect(block.messageTokens).toEqual([3]);
    expect(block.toolTokens).toHaveLength(4);
    expect(withStaticToolBlock(request([9], [3]), 4).toolTokens).toEqual(
      block.toolTokens,
    );
    const vocabulary = new Set(encode('{"type":"function"} and more text'));
    expect(block.toolTokens.some((token) => vocabulary.has(token))).toBe(false);
    expect(requestTokens(block)).toEqual([...block.toolTokens, 3]);
  });

  it('keeps the tools sent alongside the static block, as sent, after it', () => {
    const tracker = {
      type: 'function' as const,
      function: { name: 'tracker_get_issue', parameters: { type: 'object' } },
    };
    const block = withStaticToolBlock(request([1, 2], [3]), 4, [tracker]);
    expect(block.toolTokens).toEqual([
      ...withStaticToolBlock(request([1, 2], [3]), 4).toolTokens,
      ...encode(JSON.stringify([tracker])),
    ]);
    expect(block.messageTokens).toEqual([3]);
  });
});
