import {
  CACHE_ARMS,
  measureChatCache,
  type ChatCacheRunFigures,
  type MeasuredChat,
} from '../../dev/bench/chat-cache-figures';
import {
  LONG_CHAT_SCENARIO,
  LONG_CHAT_TURNS,
} from '../../dev/bench/long-chat-scenario';
import { selectScenarios } from '../../dev/eval/scenarios';
import { testDatabaseDriver } from '../support/test-database';
import { requireTestEnv, TEST_ENV } from '../support/test-environment';

/**
 * The cache figures of `npm run bench` on two chats (the eval's two-turn chat and the long
 * one): what each figure claims to measure, from requests the stand-in model really received.
 */
describe('chat input with an exact-prefix cache, per arm', () => {
  let figures: ChatCacheRunFigures;
  let longChat: MeasuredChat;

  beforeAll(async () => {
    figures = await measureChatCache({
      adminUrl: requireTestEnv(TEST_ENV.adminUrl),
      migratedTemplate: requireTestEnv(TEST_ENV.migratedTemplate),
      driver: testDatabaseDriver(),
      scenarios: [...selectScenarios(['second-turn']), LONG_CHAT_SCENARIO],
    });
    longChat = figures.chats.find((chat) => chat.id === LONG_CHAT_SCENARIO.id)!;
  }, 240_000);

  it('plays every chat to its end in every arm', () => {
    expect(figures.chats.map((chat) => chat.id)).toEqual([
      'second-turn',
      'long-chat',
    ]);
    expect(longChat.turns).toBe(LONG_CHAT_TURNS);
    for (const chat of figures.chats)
      for (const arm of CACHE_ARMS) expect(chat.arms[arm].completed).toBe(true);
  });

  it("Docmost's arm is the OFF chat with one static tool block of Docmost's size", () => {
    for (const chat of figures.chats) {
      const { docmost, off } = chat.arms;
      expect(docmost.requests).toBe(off.requests);
      expect(docmost.toolResultTokens).toBe(off.toolResultTokens);
      // A static block never changes: after the warm-up chat it is cached on every request.
      expect(docmost.cachedFromEarlierChatsTokens).toBeGreaterThanOrEqual(
        figures.docmostToolTokens,
      );
      expect(docmost.cachedTokens).toBeGreaterThanOrEqual(
        docmost.requests * figures.docmostToolTokens,
      );
    }
  });

  it('splits every request into cached and fresh tokens, and prices the cached ones at a share', () => {
    for (const chat of figures.chats)
      for (const arm of CACHE_ARMS) {
        const figure = chat.arms[arm];
        expect(figure.cachedTokens + figure.freshTokens).toBe(
          figure.inputTokens,
        );
        expect(figure.cachedTokens).toBeGreaterThan(0);
        for (const percent of [10, 25, 50] as const)
          expect(figure.pricedInputTokens[percent]).toBe(
            Math.round(
              figure.freshTokens + (figure.cachedTokens * percent) / 100,
            ),
          );
      }
  });

  it('counts the definitions the package ON loaded: getPageJson in the long chat, the table tools in the two-turn one', () => {
    expect(longChat.arms.on.loadedDefinitionTokens).toBeGreaterThan(50);
    expect(longChat.arms.off.loadedDefinitionTokens).toBe(0);
    const secondTurn = figures.chats.find((chat) => chat.id === 'second-turn')!;
    expect(secondTurn.arms.on.loadedDefinitionTokens).toBeGreaterThan(
      longChat.arms.on.loadedDefinitionTokens,
    );
  });

  it('ON re-processes no more than Docmost plus what loading cost, and costs less than Docmost at every price on the long chat', () => {
    for (const chat of figures.chats)
      for (const arm of ['on', 'onWithoutStubs'] as const) {
        const { docmost } = chat.arms;
        const loading = chat.arms[arm];
        // Exactly comparable: ON's chat reads OFF's ids and timestamps (run-values.ts), and the
        // loading figure is every message loading added, so no slack is needed.
        expect(loading.freshTokens).toBeLessThanOrEqual(
          docmost.freshTokens + loading.loadingTokens,
        );
      }
    const { docmost, on } = longChat.arms;
    for (const percent of [10, 25, 50] as const)
      expect(on.pricedInputTokens[percent]).toBeLessThan(
        docmost.pricedInputTokens[percent],
      );
    expect(on.inputTokens).toBeLessThan(docmost.inputTokens);
  });

  it("with stubs (the README's Docmost mount), the long chat costs at most 75 % of Docmost's own at the 10 % price, and a smaller share at every other price", () => {
    const { docmost, on } = longChat.arms;
    const share = (percent: 10 | 25 | 50) =>
      on.pricedInputTokens[percent] / docmost.pricedInputTokens[percent];
    expect(share(10)).toBeLessThanOrEqual(0.75);
    expect(share(25)).toBeLessThan(share(10));
    expect(share(50)).toBeLessThan(share(10));
    expect(on.inputTokens / docmost.inputTokens).toBeLessThan(share(10));
  });

  it("without stubs, every request is the stubs shorter, and the long chat costs at most 75 % of Docmost's own at the 10 % price", () => {
    for (const chat of figures.chats) {
      const { on, onWithoutStubs } = chat.arms;
      expect(onWithoutStubs.requests).toBe(on.requests);
      expect(onWithoutStubs.freshTokens).toBe(on.freshTokens);
      // Each of the 30 stubs is more than 10 tokens of JSON.
      expect(on.inputTokens - onWithoutStubs.inputTokens).toBeGreaterThan(
        on.requests * 30 * 10,
      );
    }
    const { docmost, onWithoutStubs } = longChat.arms;
    expect(onWithoutStubs.pricedInputTokens[10]).toBeLessThanOrEqual(
      0.75 * docmost.pricedInputTokens[10],
    );
  });
});
