import type {
  ChatModeFigures,
  ThreeTurnChatFigures,
} from './prefix-cache-figures';

const MODE_LABELS: Readonly<Record<ChatModeFigures['mode'], string>> = {
  'all-active': 'all tools active (toggle OFF)',
  'deferred-cold': 'deferred, cold every turn',
  'deferred-carried': 'deferred, carried across turns',
};

function number(value: number): string {
  return value.toLocaleString('en-US');
}

/** One line per request: turn, tools, tool tokens, input tokens, cacheable prefix, uncached. */
function requestLine(
  request: ChatModeFigures['requests'][number],
  index: number,
): string {
  return (
    `    #${String(index + 1).padEnd(2)} turn ${request.turn}  ${String(request.tools).padStart(2)} tools  ` +
    `${number(request.toolTokens).padStart(6)} tool tokens  ${number(request.inputTokens).padStart(6)} in  ` +
    `${number(request.cacheablePrefixTokens).padStart(6)} cacheable  ${number(request.uncachedTokens).padStart(6)} uncached`
  );
}

/** The three-turn chat's figures, readably: totals per mode, then every request. */
export function renderThreeTurnChat(figures: ThreeTurnChatFigures): string[] {
  const width = Math.max(
    ...Object.values(MODE_LABELS).map((label) => label.length),
  );
  return [
    'Three-turn chat (turn 1 loads getTable and tableUpdateCell, turns 2 and 3 use them): input tokens per request',
    '  (rendered tools, then system, then messages, as an OpenAI-compatible provider receives them;',
    '   cacheable = leading tokens equal to the previous request, uncached = the rest)',
    ...figures.modes.map(
      (mode) =>
        `  ${MODE_LABELS[mode.mode].padEnd(width)}  ${String(mode.requests.length).padStart(2)} requests  ` +
        `${number(mode.totalInputTokens).padStart(7)} input tokens  ${number(mode.uncachedTokens).padStart(6)} uncached`,
    ),
    ...figures.modes.flatMap((mode) => [
      `  ${MODE_LABELS[mode.mode]}:`,
      ...mode.requests.map(requestLine),
    ]),
  ];
}
