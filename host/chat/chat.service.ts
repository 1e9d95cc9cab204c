import { randomUUID } from 'node:crypto';
import {
  Injectable,
  Logger,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import {
  convertToModelMessages,
  createUIMessageStream,
  stepCountIs,
  streamText,
  type LanguageModelUsage,
  type UIMessage,
  type UIMessageChunk,
} from 'ai';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config/app-config';
import { InjectAppConfig } from '../config/app-config.token';
import type { DB } from '../../src';
import {
  InjectKysely,
  AiChatTurnService,
  type ToolCallContext,
  ToolError,
  requirePage,
} from '../../src';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import {
  InjectChatModelFactory,
  missingModelVariables,
  type ChatModelFactory,
} from './chat-model';
import { ChatRepository } from './chat.repository';
import { ExternalMcpService } from './external-mcp.service';
import { prepareAgentStep } from './prepare-agent-step';
import { SCRIPTED_MODEL_ID } from './scripted-chat-model';
import { buildChatSystemPrompt } from './system-prompt';
import type {
  ChatDataParts,
  ChatMessageMetadata,
  SeenSignal,
} from './chat-message-metadata';
import { observeTurnModel } from './turn-observer';

export interface ChatTurnInput {
  readonly user: AuthenticatedUser;
  readonly message: string;
  /** Continue this chat of the user; absent: a new chat. */
  readonly chatId?: string;
  /** The page open next to the chat (uuid or slugId). */
  readonly pageId?: string;
  /** Aborts the model loop (the client went away). */
  readonly abortSignal?: AbortSignal;
}

/** The UI message of the chat route's stream. */
export type ChatUIMessage = UIMessage<ChatMessageMetadata, ChatDataParts>;

export interface ChatTurn {
  readonly chatId: string;
  /** The AI SDK UI message stream of the turn; the assistant message is stored when it ends. */
  readonly stream: ReadableStream<UIMessageChunk>;
}

/**
 * One turn of the in-app chat: `streamText` with the registry's tools bound to the caller,
 * deferred tools (catalog, `loadTools`, per-step `activeTools`, direct-call repair) unless the
 * workspace turned them off, external MCP tools, and the final-step lockdown.
 */
@Injectable()
export class ChatService {
  private readonly logger = new Logger('Chat');

  constructor(
    @InjectAppConfig() private readonly config: AppConfig,
    @InjectKysely() private readonly db: Kysely<DB>,
    @InjectChatModelFactory() private readonly modelFactory: ChatModelFactory,
    private readonly chats: ChatRepository,
    private readonly externalMcp: ExternalMcpService,
    private readonly aiChatTurn: AiChatTurnService,
  ) {}

  /** Validates and stores the user message, then starts the model loop; errors before streaming are HTTP errors. */
  async startTurn(input: ChatTurnInput): Promise<ChatTurn> {
    const receivedAt = new Date();
    const model = this.modelFactory(this.config.ai);
    if (model === undefined) {
      const missing = missingModelVariables(this.config.ai);
      throw new ServiceUnavailableException(
        `The AI chat is not configured: set ${(missing.length > 0 ? missing : ['AI_BASE_URL', 'AI_MODEL']).join(' and ')} ` +
          '(an OpenAI-compatible chat-completions endpoint and model; AI_API_KEY if it needs one)',
      );
    }
    const { user } = input;
    const owner = { userId: user.userId, workspaceId: user.workspaceId };
    if (
      input.chatId !== undefined &&
      !(await this.chats.isOwnChat(input.chatId, owner))
    ) {
      throw new NotFoundException(`chat ${input.chatId} not found`);
    }
    const page =
      input.pageId === undefined
        ? undefined
        : await this.findPage(user, input.pageId);

    // Nothing is stored until the turn is ready to run: a failure while preparing it leaves no
    // chat and no message behind. A new chat's id is chosen now, for the tools' context.
    const chatId = input.chatId ?? randomUUID();
    const history =
      input.chatId === undefined ? [] : await this.chats.listMessages(chatId);
    const userMessage: UIMessage = {
      id: randomUUID(),
      role: 'user',
      parts: [{ type: 'text', text: input.message }],
    };

    const context: ToolCallContext = {
      userId: user.userId,
      workspaceId: user.workspaceId,
      surface: 'chat',
      sessionId: randomUUID(),
      sessionStartedAt: receivedAt,
      chatId,
      ...(page === undefined ? {} : { currentPageId: page.id }),
    };
    const servers = await this.externalMcp.servers();
    const maxSteps = this.config.ai.maxSteps;
    const modelId = typeof model === 'string' ? model : model.modelId;
    // The module's chat turn: the workspace's deferred-tools switch, the chat's memory (deferred
    // tools and comment-signal watermarks carried from its last turn), the turn's figures. The
    // final-step lockdown below is composed with which deferred tools are visible (it wins).
    const turn = await this.aiChatTurn.begin(
      { ...context, chatId },
      {
        newChat: input.chatId === undefined,
        modelId,
        externalTools: servers.map((server) => ({
          name: server.name,
          prefix: server.prefix,
          tools: server.tools,
        })),
        prepareStep: ({ stepNumber }) =>
          prepareAgentStep({ stepNumber, maxSteps, system }),
      },
    );
    const system = buildChatSystemPrompt({
      user,
      currentPage: page,
      externalServers: servers.map((server) => ({
        name: server.name,
        prefix: server.prefix,
        tools: server.toolDescriptions,
      })),
      toolCatalog: turn.catalogBlock,
    });

    const originalMessages = [...history, userMessage];
    // Every tool of the turn, active or not, so old tool results render as they did; calls left
    // without a result (an aborted turn) are dropped, providers reject them.
    const messages = await convertToModelMessages(originalMessages, {
      tools: turn.tools,
      ignoreIncompleteToolCalls: true,
    });
    // The chat (when new) and the user message, in one transaction, before the model runs.
    await this.chats.storeUserMessage(
      chatId,
      owner,
      userMessage,
      input.chatId === undefined
        ? { id: chatId, pageId: page?.id ?? null }
        : undefined,
    );
    // Set when the stream reports an error: the assistant row is then stored with status 'error'.
    let failure: string | undefined;
    // The signals reach the client as data parts of the outer stream, once it is running.
    let writeSignal: ((signal: SeenSignal) => void) | undefined;
    const counted =
      typeof model === 'string'
        ? undefined
        : observeTurnModel(model, (signal) => writeSignal?.(signal));
    // The provider's usage of the whole turn, from the stream's finish part, for the turn's figures.
    let usage: LanguageModelUsage | undefined;
    const result = streamText({
      model: counted?.model ?? model,
      system,
      messages,
      ...turn,
      stopWhen: stepCountIs(maxSteps),
      abortSignal: input.abortSignal,
      // Reported once, as a warning, by the UI stream's onError below (the default prints a stack).
      onError: () => undefined,
    });
    const turnStream = result.toUIMessageStream<ChatUIMessage>({
      originalMessages: originalMessages as ChatUIMessage[],
      generateMessageId: randomUUID,
      messageMetadata: ({ part }): ChatMessageMetadata | undefined => {
        if (part.type === 'start')
          return {
            chatId,
            model: { id: modelId, scripted: modelId === SCRIPTED_MODEL_ID },
          };
        if (part.type === 'finish') {
          usage = part.totalUsage;
          if (counted)
            return {
              chatId,
              figures: { ...counted.figures(), deferredTools: turn.enabled },
            };
        }
        return undefined;
      },
      onError: (error) => {
        this.logger.warn(
          `chat ${chatId}: ${error instanceof Error ? error.message : String(error)}`,
        );
        failure =
          error instanceof Error ? error.message : 'The model call failed.';
        return failure;
      },
      // Every turn ends with an assistant row, so the user message never stands unanswered:
      // 'completed', 'aborted' (the client went away) or 'error' with what was streamed before it.
      onFinish: async ({ responseMessage, isAborted, outcome }) => {
        const status =
          isAborted || outcome.status === 'aborted'
            ? 'aborted'
            : failure !== undefined || outcome.status === 'failed'
              ? 'error'
              : 'completed';
        // The chat's memory first (it never throws): the next turn may start once the stream
        // ends. The turn's figures are queued, written after it.
        await turn.end({
          status: status === 'error' ? 'failed' : status,
          answered: responseMessage.parts.some(
            (part) => part.type === 'text' && part.text.trim() !== '',
          ),
          usage,
        });
        const error =
          status === 'error' ? (failure ?? 'The turn failed.') : undefined;
        await this.chats
          .storeAssistantMessage(chatId, owner, responseMessage, status, error)
          .catch((storeError: unknown) => {
            this.logger.error(
              `chat ${chatId}: the assistant message could not be stored: ${(storeError as Error).message}`,
            );
          });
      },
    });
    const stream = createUIMessageStream<ChatUIMessage>({
      execute: ({ writer }) => {
        writeSignal = (signal) =>
          writer.write({ type: 'data-signal', data: signal });
        writer.merge(turnStream);
      },
    });
    return { chatId, stream };
  }

  private async findPage(
    user: AuthenticatedUser,
    pageId: string,
  ): Promise<{ id: string; title: string | null }> {
    try {
      const page = await requirePage(this.db, user, pageId);
      return { id: page.id, title: page.title };
    } catch (error) {
      if (error instanceof ToolError && error.code === 'not_found')
        throw new NotFoundException(`page ${pageId} not found or no access`);
      throw error;
    }
  }
}
