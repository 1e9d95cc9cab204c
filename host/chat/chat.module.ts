import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/app-config.token';
import { Module, type DynamicModule, type Provider } from '@nestjs/common';
import {
  AiChatTurnService,
  ChatMemoryService,
  DEFERRED_TOOLS_OPTIONS,
  DeferredToolsService,
  AiToolsSettingsModule,
} from '../../src';
import {
  CHAT_MODEL_FACTORY,
  defaultChatModelFactory,
  type ChatModelFactory,
} from './chat-model';
import { ChatController } from './chat.controller';
import { ChatRepository } from './chat.repository';
import { ChatService } from './chat.service';
import { ExternalMcpService } from './external-mcp.service';

export interface ChatModuleOptions {
  /**
   * Provides `TOOL_REGISTRY` (the app's `ToolRegistry`), e.g. `{ provide: TOOL_REGISTRY, useFactory, inject }`.
   * Leave out when another imported global module provides it.
   */
  readonly registryProvider?: Provider;
  /** Default: the OpenAI-compatible endpoint of `AI_BASE_URL` / `AI_API_KEY` / `AI_MODEL`. */
  readonly modelFactory?: ChatModelFactory;
}

/**
 * The reference host's in-app chat: `POST /api/ai/chat`. Needs `KYSELY` and `APP_CONFIG`
 * (global in AppModule) and a `TOOL_REGISTRY` provider.
 */
@Module({})
export class ChatModule {
  static forRoot(options: ChatModuleOptions = {}): DynamicModule {
    return {
      module: ChatModule,
      imports: [AiToolsSettingsModule],
      controllers: [ChatController],
      providers: [
        ...(options.registryProvider === undefined
          ? []
          : [options.registryProvider]),
        {
          provide: CHAT_MODEL_FACTORY,
          useValue: options.modelFactory ?? defaultChatModelFactory,
        },
        ChatRepository,
        ChatService,
        // The host's AI_TOOL_LOADING reaches the chat's own DeferredToolsService.
        {
          provide: DEFERRED_TOOLS_OPTIONS,
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig) => ({
            toolLoading: config.ai.toolLoading,
          }),
        },
        DeferredToolsService,
        ChatMemoryService,
        AiChatTurnService,
        ExternalMcpService,
      ],
      exports: [ChatService, ExternalMcpService],
    };
  }
}
