import { countToolTokens, functionToolsOf } from '../../host/chat/tool-tokens';
import {
  commonPrefixTokens,
  renderChatRequest,
  requestTokens,
} from './chat-request-rendering';
import {
  CHAT_MEMORY_MODES,
  playThreeTurnChat,
  type ChatMemoryMode,
} from './three-turn-chat';

/** One model request of the chat. */
export interface RequestCacheFigure {
  readonly turn: number;
  readonly tools: number;
  readonly toolTokens: number;
  /** Tokens of the whole request: rendered tools, system, messages. */
  readonly inputTokens: number;
  /** Leading tokens equal to the previous request's: what a prefix cache can serve. */
  readonly cacheablePrefixTokens: number;
  /** `inputTokens - cacheablePrefixTokens`: processed anew. */
  readonly uncachedTokens: number;
}

export interface ChatModeFigures {
  readonly mode: ChatMemoryMode;
  readonly requests: readonly RequestCacheFigure[];
  readonly totalInputTokens: number;
  readonly uncachedTokens: number;
}

export interface ThreeTurnChatFigures {
  readonly modes: readonly ChatModeFigures[];
}

/**
 * The three-turn chat (turn 1 loads two table tools, turns 2 and 3 use them) in each mode:
 * per request its tool tokens and the prefix it shares with the previous request, and per
 * mode the chat's input tokens and those no prefix cache can serve.
 */
export async function measureThreeTurnChat(): Promise<ThreeTurnChatFigures> {
  const modes: ChatModeFigures[] = [];
  for (const mode of CHAT_MEMORY_MODES) {
    let previous: readonly number[] = [];
    const requests: RequestCacheFigure[] = [];
    for (const { turn, call } of await playThreeTurnChat(mode)) {
      const tokens = requestTokens(renderChatRequest(call));
      const cacheablePrefixTokens = commonPrefixTokens(previous, tokens);
      const tools = functionToolsOf(call.tools);
      requests.push({
        turn,
        tools: tools.length,
        toolTokens: countToolTokens(tools),
        inputTokens: tokens.length,
        cacheablePrefixTokens,
        uncachedTokens: tokens.length - cacheablePrefixTokens,
      });
      previous = tokens;
    }
    modes.push({
      mode,
      requests,
      totalInputTokens: requests.reduce(
        (sum, request) => sum + request.inputTokens,
        0,
      ),
      uncachedTokens: requests.reduce(
        (sum, request) => sum + request.uncachedTokens,
        0,
      ),
    });
  }
  return { modes };
}
