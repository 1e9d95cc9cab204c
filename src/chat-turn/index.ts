export type { AiChatTurn } from './ai-chat-turn';
export {
  AiChatTurnService,
  type BeginChatTurnOptions,
} from './ai-chat-turn.service';
