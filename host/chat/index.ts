export { ChatModule, type ChatModuleOptions } from './chat.module';
export {
  ChatService,
  type ChatTurn,
  type ChatTurnInput,
  type ChatUIMessage,
} from './chat.service';
export type {
  ChatDataParts,
  ChatMessageMetadata,
  SeenSignal,
  TurnFigures,
} from './chat-message-metadata';
export { CHAT_ID_HEADER } from './chat.controller';
export {
  CHAT_MODEL_FACTORY,
  defaultChatModelFactory,
  missingModelVariables,
  type ChatModelFactory,
} from './chat-model';
export { TOOL_REGISTRY, InjectToolRegistry } from '../../src';
export {
  prepareAgentStep,
  FINAL_STEP_INSTRUCTION,
  type AgentStepSettings,
  type PrepareAgentStepInput,
} from './prepare-agent-step';
export {
  buildChatSystemPrompt,
  type ChatSystemPromptInput,
} from './system-prompt';
export {
  buildMcpToolingBlock,
  type McpToolingServer,
} from './mcp-tooling-block';
export {
  ExternalMcpService,
  EXTERNAL_MCP_CONNECT_TIMEOUT_MS,
} from './external-mcp.service';
export {
  adaptMcpTools,
  prefixedToolName,
  type ConnectedMcpServer,
} from './external-mcp-server';
