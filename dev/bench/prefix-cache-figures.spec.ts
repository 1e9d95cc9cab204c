import { commonPrefixTokens } from './chat-request-rendering';
import {
  measureThreeTurnChat,
  type ChatModeFigures,
} from './prefix-cache-figures';

describe('three-turn chat: tool tokens and cacheable prefixes per mode', () => {
  let modes: Record<string, ChatModeFigures>;

  beforeAll(async () => {
    const figures = await measureThreeTurnChat();
    modes = Object.fromEntries(figures.modes.map((mode) => [mode.mode, mode]));
  });

  const requestsPerTurn = (mode: ChatModeFigures) =>
    [1, 2, 3].map(
      (turn) => mode.requests.filter((request) => request.turn === turn).length,
    );

  it('cold turns pay one loadTools round trip each; carried turns do not', () => {
    expect(requestsPerTurn(modes['deferred-carried']!)).toEqual([4, 2, 2]);
    expect(requestsPerTurn(modes['deferred-cold']!)).toEqual([4, 3, 3]);
    expect(requestsPerTurn(modes['all-active']!)).toEqual([3, 2, 2]);
  });

  it("carried: turn 2's first request keeps turn 1's last request as its prefix; cold: only the core tools", () => {
    for (const [name, keepsHistory] of [
      ['deferred-carried', true],
      ['deferred-cold', false],
    ] as const) {
      const { requests } = modes[name]!;
      const lastOfTurn1 = requests
        .filter((request) => request.turn === 1)
        .at(-1)!;
      const firstOfTurn2 = requests.find((request) => request.turn === 2)!;
      // The final token of a request may merge with what follows it; every earlier one is shared.
      expect(
        firstOfTurn2.cacheablePrefixTokens >= lastOfTurn1.inputTokens - 2,
      ).toBe(keepsHistory);
      expect(firstOfTurn2.tools === lastOfTurn1.tools).toBe(keepsHistory);
    }
  });

  it('the carried mode has fewer uncached tokens than the cold one, and fewer input tokens than all-active', () => {
    expect(modes['deferred-carried']!.uncachedTokens).toBeLessThan(
      modes['deferred-cold']!.uncachedTokens,
    );
    expect(modes['deferred-carried']!.totalInputTokens).toBeLessThan(
      modes['all-active']!.totalInputTokens,
    );
    for (const mode of Object.values(modes)) {
      expect(mode.totalInputTokens).toBe(
        mode.requests.reduce((sum, request) => sum + request.inputTokens, 0),
      );
      expect(mode.uncachedTokens).toBe(
        mode.requests.reduce(
          (sum, request) =>
            sum + request.inputTokens - request.cacheablePrefixTokens,
          0,
        ),
      );
    }
  });

  it('counts the shared leading tokens of two requests', () => {
    expect(commonPrefixTokens([1, 2, 3], [1, 2, 4, 5])).toBe(2);
    expect(commonPrefixTokens([], [1])).toBe(0);
    expect(commonPrefixTokens([7, 8], [7, 8])).toBe(2);
  });
});
