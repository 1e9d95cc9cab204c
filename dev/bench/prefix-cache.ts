import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { LRUCache } from 'lru-cache';
import {
  messageText,
  type ChatCompletionsBody,
  type ChatCompletionsMessage,
  type ChatCompletionsTool,
} from '../chat-completions/chat-completions';
import { commonPrefixTokens } from './chat-request-rendering';

/**
 * An exact-prefix prompt cache over chat-completions requests as sent, and what the input of a
 * chat costs under a provider's discount for cached tokens.
 *
 * A request is serialized the way providers render it for the model: the `tools` array first
 * (compact JSON, as sent), then each message in order, the system message first. A message is
 * rendered as the model reads it, not as the request body escapes it: its role, a line break,
 * its text (a tool message: the tool's output text as sent), then for an assistant message each
 * tool call on a line of its own, the tool's name and its arguments as sent. Each part is
 * encoded on its own with o200k_base and the parts' tokens concatenated, so every seam is a
 * token boundary and equal parts always give equal tokens. Left out: the model name and request
 * options (`stream`, `tool_choice`…), tool call ids, and the chat template's special tokens
 * (a few per message, the same in every arm).
 */

/** Tokens of texts seen before: a chat's requests repeat the tools array and every earlier message. */
const encoded = new LRUCache<string, readonly number[]>({ max: 5_000 });

function tokensOf(text: string): readonly number[] {
  const known = encoded.get(text);
  if (known !== undefined) return known;
  const tokens = encode(text);
  encoded.set(text, tokens);
  return tokens;
}

/** A request as the cache sees it: the tools part and the messages part, in token ids. */
export interface SerializedRequest {
  readonly toolTokens: readonly number[];
  readonly messageTokens: readonly number[];
}

/** One message as the model reads it (see the file's comment). */
export function renderMessage(message: ChatCompletionsMessage): string {
  const calls = (message.tool_calls ?? []).map(
    (call) => `\n${call.function.name} ${call.function.arguments}`,
  );
  return `${message.role}\n${messageText(message)}${calls.join('')}`;
}

export function serializeRequest(body: ChatCompletionsBody): SerializedRequest {
  const toolTokens =
    body.tools === undefined || body.tools.length === 0
      ? []
      : tokensOf(JSON.stringify(body.tools));
  const messageTokens: number[] = [];
  for (const message of body.messages)
    for (const token of tokensOf(renderMessage(message)))
      messageTokens.push(token);
  return { toolTokens, messageTokens };
}

/**
 * The same request with its tools part replaced by a fixed block of `size` tokens: how a host
 * whose tool list never changes (Docmost's own 40 tools, measured at 5,946 tokens) would send
 * it. Its ids lie outside o200k's vocabulary, so the block can only match itself. `alongside`
 * are tools the host sends after its own as they are (the chat's external MCP tools, which
 * Docmost sends whole on every step), their JSON tokens appended to the block.
 */
export function withStaticToolBlock(
  request: SerializedRequest,
  size: number,
  alongside: readonly ChatCompletionsTool[] = [],
): SerializedRequest {
  return {
    toolTokens:
      alongside.length === 0
        ? staticBlock(size)
        : [...staticBlock(size), ...tokensOf(JSON.stringify(alongside))],
    messageTokens: request.messageTokens,
  };
}

const STATIC_BLOCK_FIRST_ID = 10_000_000;
const staticBlocks = new Map<number, readonly number[]>();

function staticBlock(size: number): readonly number[] {
  let block = staticBlocks.get(size);
  if (block === undefined) {
    block = Array.from(
      { length: size },
      (_, index) => STATIC_BLOCK_FIRST_ID + index,
    );
    staticBlocks.set(size, block);
  }
  return block;
}

export function requestTokens(request: SerializedRequest): number[] {
  return [...request.toolTokens, ...request.messageTokens];
}

/**
 * An exact-prefix cache: a request is served the longest prefix it shares with any request the
 * cache has seen (token-exact, no minimum length or block granularity), the rest is processed
 * anew. Earlier chats of the workspace (`seen` at the start) can serve only what a chat shares
 * with them: the tools and the system prompt up to where it names the chat's page.
 */
export class PrefixCache {
  private readonly seen: (readonly number[])[] = [];

  /** The cached prefix this request would be served, without remembering it. */
  servedPrefix(tokens: readonly number[]): number {
    let best = 0;
    for (const earlier of this.seen)
      best = Math.max(best, commonPrefixTokens(earlier, tokens));
    return best;
  }

  remember(tokens: readonly number[]): void {
    this.seen.push(tokens);
  }

  /** A cache holding what this one holds, for one chat to add its own requests to. */
  copy(): PrefixCache {
    const copy = new PrefixCache();
    copy.seen.push(...this.seen);
    return copy;
  }
}

/** The prices the figures compare: the cached token's share of a fresh token's price, in percent. */
export const CACHED_PRICE_PERCENTS = [10, 25, 50] as const;
export type CachedPricePercent = (typeof CACHED_PRICE_PERCENTS)[number];

/** One chat's input under the cache. */
export interface ChatCacheFigures {
  readonly requests: number;
  /** Every request's whole input, summed: what is billed with no cache. */
  readonly inputTokens: number;
  /** Of those, served from the cache (within the chat or from earlier chats). */
  readonly cachedTokens: number;
  /** Of the cached ones, those only an earlier chat of the workspace could serve. */
  readonly cachedFromEarlierChatsTokens: number;
  /** `inputTokens - cachedTokens`: what a local model re-processes. */
  readonly freshTokens: number;
  /** Fresh tokens at full price plus cached ones at the given share, per share in percent. */
  readonly pricedInputTokens: Readonly<Record<CachedPricePercent, number>>;
}

/**
 * A chat's requests, in order, through a cache that already holds `earlierChats` (left
 * unchanged): each request is served its longest shared prefix, then remembered.
 */
export function chatCacheFigures(
  requests: readonly SerializedRequest[],
  earlierChats: PrefixCache,
): ChatCacheFigures {
  const withinChat = new PrefixCache();
  const workspace = earlierChats.copy();
  let inputTokens = 0;
  let cachedTokens = 0;
  let cachedFromEarlierChatsTokens = 0;
  for (const request of requests) {
    const tokens = requestTokens(request);
    const served = workspace.servedPrefix(tokens);
    cachedFromEarlierChatsTokens += Math.max(
      0,
      served - withinChat.servedPrefix(tokens),
    );
    inputTokens += tokens.length;
    cachedTokens += served;
    workspace.remember(tokens);
    withinChat.remember(tokens);
  }
  const freshTokens = inputTokens - cachedTokens;
  const priced = (percent: number) =>
    Math.round(freshTokens + (cachedTokens * percent) / 100);
  return {
    requests: requests.length,
    inputTokens,
    cachedTokens,
    cachedFromEarlierChatsTokens,
    freshTokens,
    pricedInputTokens: {
      10: priced(10),
      25: priced(25),
      50: priced(50),
    },
  };
}

/** Two chats' figures added up. */
export function addChatCacheFigures(
  left: ChatCacheFigures,
  right: ChatCacheFigures,
): ChatCacheFigures {
  return {
    requests: left.requests + right.requests,
    inputTokens: left.inputTokens + right.inputTokens,
    cachedTokens: left.cachedTokens + right.cachedTokens,
    cachedFromEarlierChatsTokens:
      left.cachedFromEarlierChatsTokens + right.cachedFromEarlierChatsTokens,
    freshTokens: left.freshTokens + right.freshTokens,
    pricedInputTokens: {
      10: left.pricedInputTokens[10] + right.pricedInputTokens[10],
      25: left.pricedInputTokens[25] + right.pricedInputTokens[25],
      50: left.pricedInputTokens[50] + right.pricedInputTokens[50],
    },
  };
}
