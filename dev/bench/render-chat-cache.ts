import {
  CACHE_ARMS,
  type ArmFigures,
  type CacheArm,
  type ChatCacheRunFigures,
} from './chat-cache-figures';
import { LONG_CHAT_SCENARIO } from './long-chat-scenario';

const ARM_LABELS: Readonly<Record<CacheArm, string>> = {
  docmost: "Docmost's own tools",
  off: 'the package OFF',
  on: 'the package ON',
  onWithoutStubs: 'ON without stubs',
};

function number(value: number): string {
  return value.toLocaleString('en-US');
}

function percent(value: number, of: number): string {
  return of === 0 ? '–' : `${((100 * value) / of).toFixed(0)} %`;
}

/** The rows of a chat's table: the input at each cached price, with no cache, and the fresh tokens. */
const PRICE_ROWS: ReadonlyArray<
  readonly [string, (figures: ArmFigures) => number]
> = [
  [
    'cached input at 10 % (OpenAI, newer models)',
    (f) => f.pricedInputTokens[10],
  ],
  ['cached input at 25 % (OpenAI; Gemini)', (f) => f.pricedInputTokens[25]],
  [
    'cached input at 50 % (OpenAI, older models)',
    (f) => f.pricedInputTokens[50],
  ],
  ['no cache (input tokens)', (f) => f.inputTokens],
  ['fresh tokens (a local model re-processes)', (f) => f.freshTokens],
];

/**
 * One chat (or a sum of chats) as a Markdown table: priced input per arm, and each ON arm
 * against Docmost's own.
 */
export function renderChatCacheTable(
  arms: Readonly<Record<CacheArm, ArmFigures>>,
): string[] {
  return [
    `| priced input | ${CACHE_ARMS.map((arm) => ARM_LABELS[arm]).join(' | ')} | ON / Docmost | without stubs / Docmost |`,
    `|---|${CACHE_ARMS.map(() => '---:').join('|')}|---:|---:|`,
    ...PRICE_ROWS.map(
      ([label, value]) =>
        `| ${label} | ${CACHE_ARMS.map((arm) => number(value(arms[arm]))).join(' | ')} | ` +
        `${percent(value(arms.on), value(arms.docmost))} | ${percent(value(arms.onWithoutStubs), value(arms.docmost))} |`,
    ),
  ];
}

/** Every chat on one line per arm: requests, input, cached, fresh, priced at 10 %. */
function chatLines(figures: ChatCacheRunFigures): string[] {
  const width = Math.max(...figures.chats.map((chat) => chat.id.length));
  return figures.chats.flatMap((chat) =>
    CACHE_ARMS.map((arm) => {
      const figure = chat.arms[arm];
      const docmost = chat.arms.docmost;
      return (
        `  ${(arm === 'docmost' ? chat.id : '').padEnd(width)}  ${arm.padEnd(14)} ${String(figure.requests).padStart(3)} requests  ` +
        `${number(figure.inputTokens).padStart(8)} in  ${number(figure.cachedTokens).padStart(8)} cached  ` +
        `${number(figure.freshTokens).padStart(7)} fresh (${percent(figure.freshTokens, docmost.freshTokens).padStart(5)})  ` +
        `${number(figure.pricedInputTokens[10]).padStart(7)} at 10 % (${percent(figure.pricedInputTokens[10], docmost.pricedInputTokens[10]).padStart(5)})` +
        (figure.loadingTokens > 0
          ? `  loading ${number(figure.loadingTokens)} (definitions ${number(figure.loadedDefinitionTokens)})`
          : '') +
        (figure.completed ? '' : '  NOT COMPLETED')
      );
    }),
  );
}

/** The cache figures, readably: the long chat and the eval's chats as tables, then every chat. */
export function renderChatCache(figures: ChatCacheRunFigures): string[] {
  const long = figures.chats.find((chat) => chat.id === LONG_CHAT_SCENARIO.id);
  return [
    `Chat input with the provider's prefix cache counted (persona ${figures.persona}; Docmost's own tools: a static block of ${number(figures.docmostToolTokens)} tokens):`,
    ...(long === undefined
      ? []
      : [
          `  ${long.title}:`,
          ...renderChatCacheTable(long.arms).map((line) => `  ${line}`),
        ]),
    `  The eval's ${figures.chats.length - (long === undefined ? 0 : 1)} chats, summed:`,
    ...renderChatCacheTable(figures.evalChats).map((line) => `  ${line}`),
    "  Per chat (fresh and priced against Docmost's own):",
    ...chatLines(figures),
  ];
}
