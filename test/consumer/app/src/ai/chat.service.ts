import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { stepCountIs, streamText, type UIMessageChunk } from 'ai';
import {
  AiToolsSettingsService,
  ChatMemoryService,
  DeferredToolsService,
} from 'docmost-ai-tools';
import { InjectKysely } from 'nestjs-kysely';
import type { KyselyDB } from '../database/kysely-db';
import { createScriptedChatModel } from './scripted-chat-model';

const MAX_STEPS = 5;
const DOCMOST_SYSTEM_PROMPT = 'You are the assistant of a Docmost workspace.';

export interface ChatTurnInput {
  readonly userId: string;
  readonly workspaceId: string;
  readonly message: string;
  readonly pageId: string;
}

/**
 * Docmost's chat service around its `streamText` call, with the lines the package's README gives
 * a Docmost developer: the chat's memory, the deferred-tools turn spread into `streamText`, the
 * catalog in the system prompt, and the memory stored when the turn ends.
 */
@Injectable()
export class ChatService {
  constructor(
    @InjectKysely() private readonly db: KyselyDB,
    private readonly deferredTools: DeferredToolsService,
    private readonly aiToolsSettings: AiToolsSettingsService,
    private readonly chatMemory: ChatMemoryService,
  ) {}

  async startTurn(
    input: ChatTurnInput,
  ): Promise<{ chatId: string; stream: ReadableStream<UIMessageChunk> }> {
    const { userId, workspaceId } = input;
    // Docmost stores the chat before the model runs; the module's memory row belongs to it.
    const { id: chatId } = await this.db
      .insertInto('aiChats')
      .values({
        workspaceId,
        creatorId: userId,
        title: input.message,
        pageId: input.pageId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const newChat = true;
    const currentPageId = input.pageId;
    const maxSteps = MAX_STEPS;

    const context = {
      userId,
      workspaceId,
      surface: 'chat' as const,
      sessionId: randomUUID(),
      chatId,
      currentPageId,
    };
    const memory = await this.chatMemory.beginTurn(context, { newChat });
    const turn = this.deferredTools.startTurn({
      context,
      enabled: await this.aiToolsSettings.isDeferredToolsEnabled(workspaceId),
      carriedTools: memory.carriedTools,
      // Docmost's own final-step lockdown: the last step must answer in text.
      prepareStep: ({ stepNumber }) =>
        stepNumber >= maxSteps - 1 ? { system, toolChoice: 'none' } : {},
    });
    const system = turn.systemWithCatalog(DOCMOST_SYSTEM_PROMPT);
    const result = streamText({
      model: createScriptedChatModel(input.pageId),
      system,
      messages: [{ role: 'user', content: input.message }],
      ...turn,
      stopWhen: stepCountIs(maxSteps),
    });
    const stream = result.toUIMessageStream({
      // When the turn ends, however it ends: what it carries into the chat's next turn.
      onFinish: () => memory.end(turn),
    });
    return { chatId, stream };
  }
}
