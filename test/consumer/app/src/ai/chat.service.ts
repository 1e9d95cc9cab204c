import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  stepCountIs,
  streamText,
  tool,
  type ToolSet,
  type UIMessageChunk,
} from 'ai';
import {
  AiToolsSettingsService,
  ChatMemoryService,
  DeferredToolsService,
} from 'docmost-ai-tools';
import { InjectKysely } from 'nestjs-kysely';
import { z } from 'zod';
import type { KyselyDB } from '../database/kysely-db';
import { createScriptedChatModel } from './scripted-chat-model';
import { ModelSteps } from './test-probes.module';

const MAX_STEPS = 5;
const DOCMOST_SYSTEM_PROMPT = 'You are the assistant of a Docmost workspace.';

export interface ChatTurnInput {
  readonly userId: string;
  readonly workspaceId: string;
  readonly message: string;
  readonly pageId: string;
  /** The chat to continue; a new chat when absent. */
  readonly chatId?: string;
}

/**
 * Docmost's `prepareAgentStep(stepNumber, system)`: the system prompt on every step, and on the
 * last one no tools at all, so the turn ends with an answer in text.
 */
function prepareAgentStep(
  stepNumber: number,
  system: string,
): { system: string; toolChoice?: 'none' } {
  return stepNumber >= MAX_STEPS - 1
    ? { system, toolChoice: 'none' }
    : { system };
}

/** Docmost's external MCP tools as its chat service holds them: one flat map of prefixed names. */
const mcpTools: ToolSet = {
  clock_now: tool({
    description: 'The current time, from a connected MCP server.',
    inputSchema: z.object({}),
    execute: async () => ({ now: new Date().toISOString() }),
  }),
};

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
    private readonly modelSteps: ModelSteps,
  ) {}

  async startTurn(
    input: ChatTurnInput,
  ): Promise<{ chatId: string; stream: ReadableStream<UIMessageChunk> }> {
    const { userId, workspaceId } = input;
    const arrivedAt = new Date();
    const newChat = input.chatId === undefined;
    // Docmost stores a new chat before the model runs; the module's memory row belongs to it.
    const chatId =
      input.chatId ??
      (
        await this.db
          .insertInto('aiChats')
          .values({
            workspaceId,
            creatorId: userId,
            title: input.message,
            pageId: input.pageId,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const currentPageId = input.pageId;

    // From here on the README's lines, as written.
    const context = {
      userId,
      workspaceId,
      surface: 'chat' as const,
      sessionId: randomUUID(),
      chatId,
      currentPageId,
      sessionStartedAt: arrivedAt, // the message's arrival: the comment signal's first watermark
    };
    // Carried tools + signal; another user's chat id is refused (NotFoundException).
    const memory = await this.chatMemory.beginTurn(context, { newChat });
    const turn = this.deferredTools.startTurn({
      context,
      enabled: await this.aiToolsSettings.isDeferredToolsEnabled(workspaceId),
      externalTools: mcpTools, // Docmost's flat { prefix_name: Tool } map
      carriedTools: memory.carriedTools,
      maxCarriedTools: this.chatMemory.maxCarriedTools,
      // Docmost's own prepareAgentStep(stepNumber, system), with its final-step lockdown:
      prepareStep: ({ stepNumber }) => prepareAgentStep(stepNumber, system),
    });
    const system = turn.systemWithCatalog(DOCMOST_SYSTEM_PROMPT);
    const result = streamText({
      model: createScriptedChatModel(input.pageId, (step) =>
        this.modelSteps.record(step),
      ),
      system,
      messages: [{ role: 'user', content: input.message }],
      ...turn,
      stopWhen: stepCountIs(MAX_STEPS),
    });
    const stream = result.toUIMessageStream({
      // When the turn ends, however it ends: what it carries into the chat's next turn.
      onFinish: () => memory.end(turn),
    });
    return { chatId, stream };
  }
}
