import { LRUCache } from 'lru-cache';
import { countTokens } from '../../host/chat/tool-tokens';
import type { ChatCompletionsBody } from '../chat-completions/chat-completions';

/**
 * Token counts of texts seen before. A run's requests repeat the same tools array and every
 * earlier message, and all runs of a mode share the tools array: counting each part once keeps
 * the tokenizer (tens of milliseconds per request body) from dominating the suite's time.
 */
const counted = new LRUCache<string, number>({ max: 5_000 });

function tokensOf(text: string): number {
  const known = counted.get(text);
  if (known !== undefined) return known;
  const tokens = countTokens(text);
  counted.set(text, tokens);
  return tokens;
}

/** Tokens of a request's `tools` array as sent; 0 without tools. */
export function toolDefinitionTokens(body: ChatCompletionsBody): number {
  return body.tools === undefined ? 0 : tokensOf(JSON.stringify(body.tools));
}

/**
 * Tokens of a whole request body: the tools array, each message, and the rest (model name,
 * options), each counted as JSON. Counting by part differs from counting the body in one piece
 * by a token or so at each seam, far below what the figures compare.
 */
export function requestTokens(body: ChatCompletionsBody): number {
  const { tools: _tools, messages, ...rest } = body;
  return (
    toolDefinitionTokens(body) +
    messages.reduce(
      (sum, message) => sum + tokensOf(JSON.stringify(message)),
      0,
    ) +
    tokensOf(JSON.stringify(rest))
  );
}
