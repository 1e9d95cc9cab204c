export {
  CHAT_MEMORY_OPTIONS,
  type ChatMemoryOptions,
} from './chat-memory-options';
export type {
  ChatMemoryKey,
  ChatMemoryStore,
  ChatMemoryUpdate,
  StoredChatMemory,
} from './chat-memory-store';
export { ChatMemoryService, type ChatTurnContext } from './chat-memory.service';
export {
  ChatTurnMemory,
  type CarriedToolsSource,
  type ChatMemoryFailureHandler,
} from './chat-turn-memory';
export {
  createDatabaseChatMemoryStore,
  type ChatMemoryBounds,
} from './database-chat-memory-store';
