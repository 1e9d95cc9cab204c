import type { ArmFigures } from './chat-cache-figures';
import { renderChatCache, renderChatCacheTable } from './render-chat-cache';

const arm = (
  inputTokens: number,
  freshTokens: number,
  pricedAt10: number,
): ArmFigures => ({
  requests: 3,
  inputTokens,
  cachedTokens: inputTokens - freshTokens,
  cachedFromEarlierChatsTokens: 100,
  freshTokens,
  pricedInputTokens: { 10: pricedAt10, 25: pricedAt10 * 2, 50: pricedAt10 * 3 },
  completed: true,
  loadedDefinitionTokens: 0,
  loadingTokens: 0,
  toolResultTokens: 50,
});

describe('the cache figures, readably', () => {
  const arms = {
    docmost: arm(10_000, 1_000, 2_000),
    off: arm(20_000, 1_000, 3_000),
    on: arm(5_000, 1_500, 1_500),
    onWithoutStubs: arm(4_000, 1_500, 1_400),
  };

  it('prints one row per price with every arm and ON against Docmost', () => {
    expect(renderChatCacheTable(arms)).toEqual([
      "| priced input | Docmost's own tools | the package OFF | the package ON | ON without stubs | ON / Docmost | without stubs / Docmost |",
      '|---|---:|---:|---:|---:|---:|---:|',
      '| cached input at 10 % (OpenAI, newer models) | 2,000 | 3,000 | 1,500 | 1,400 | 75 % | 70 % |',
      '| cached input at 25 % (OpenAI; Gemini) | 4,000 | 6,000 | 3,000 | 2,800 | 75 % | 70 % |',
      '| cached input at 50 % (OpenAI, older models) | 6,000 | 9,000 | 4,500 | 4,200 | 75 % | 70 % |',
      '| no cache (input tokens) | 10,000 | 20,000 | 5,000 | 4,000 | 50 % | 40 % |',
      '| fresh tokens (a local model re-processes) | 1,000 | 1,000 | 1,500 | 1,500 | 150 % | 150 % |',
    ]);
  });

  it('says which chat is the long one and flags a chat an arm did not complete', () => {
    const lines = renderChatCache({
      docmostToolTokens: 5946,
      persona: 'loader',
      chats: [
        { id: 'long-chat', title: 'Twelve turns', turns: 12, arms },
        {
          id: 'table-cell',
          title: 'A cell',
          turns: 1,
          arms: { ...arms, on: { ...arms.on, completed: false } },
        },
      ],
      evalChats: arms,
    });
    expect(lines[0]).toContain('a static block of 5,946 tokens');
    expect(lines).toContain('  Twelve turns:');
    expect(lines).toContain("  The eval's 1 chats, summed:");
    expect(lines.filter((line) => line.includes('NOT COMPLETED'))).toHaveLength(
      1,
    );
  });
});
