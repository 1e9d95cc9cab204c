import type { ChatTurn } from '../deferred';
import type { TurnStatsRecord } from '../stats/turn-stats-record';

/**
 * One in-app chat turn, from `AiChatTurnService.begin`: the module's one turn object
 * (`ChatTurn`, what `DeferredToolsService.startTurn` returns too) whose `end` stores the chat's
 * memory and records the turn's figures, resolving with them when recorded.
 */
export type AiChatTurn = ChatTurn<TurnStatsRecord | undefined>;
