import {
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  Optional,
} from '@nestjs/common';
import type { Kysely } from 'kysely';
import {
  COMMENT_SIGNAL_DEFAULTS,
  CommentSignalInterceptor,
} from '../comment-signal';
import type { DB } from '../database';
import { KYSELY } from '../database/kysely.token';
import {
  checkMaxCarriedTools,
  DEFAULT_MAX_CARRIED_TOOLS,
} from '../deferred/carried-tools';
import type { ToolCallContext } from '../registry/tool-call-context';
import { errorMessage, isUuid } from '../ground';
import {
  CHAT_MEMORY_OPTIONS,
  type ChatMemoryOptions,
} from './chat-memory-options';
import type { ChatMemoryStore } from './chat-memory-store';
import { ChatTurnMemory } from './chat-turn-memory';
import { createDatabaseChatMemoryStore } from './database-chat-memory-store';

/** A chat turn's tool-call context: the chat is known. */
export type ChatTurnContext = ToolCallContext & { readonly chatId: string };

/**
 * One memory per in-app chat, carried from turn to turn: the deferred tools it activated and
 * the comment signal's working set with its watermarks. Read once when a turn starts, stored
 * once when it ends. Composes the two features without either knowing the other.
 */
@Injectable()
export class ChatMemoryService {
  readonly maxCarriedTools: number;
  private readonly store: ChatMemoryStore;
  private readonly logger = new Logger('ChatMemory');

  constructor(
    @Inject(KYSELY) private readonly db: Kysely<DB>,
    @Optional()
    @Inject(CHAT_MEMORY_OPTIONS)
    options: ChatMemoryOptions | undefined,
    // Explicit token: a union type is emitted as Object, which Nest cannot resolve.
    @Optional()
    @Inject(CommentSignalInterceptor)
    private readonly commentSignal: CommentSignalInterceptor | undefined,
  ) {
    this.maxCarriedTools = checkMaxCarriedTools(
      options?.maxCarriedTools ?? DEFAULT_MAX_CARRIED_TOOLS,
    );
    const maxWorkingSetPages =
      options?.maxWorkingSetPages ?? COMMENT_SIGNAL_DEFAULTS.maxWorkingSetPages;
    if (!Number.isInteger(maxWorkingSetPages) || maxWorkingSetPages < 1) {
      throw new RangeError(
        `maxWorkingSetPages must be a positive integer (pages a chat carries into its next turn), got ${maxWorkingSetPages}`,
      );
    }
    this.store =
      options?.store ??
      createDatabaseChatMemoryStore(db, {
        maxCarriedTools: this.maxCarriedTools,
        maxWorkingSetPages,
      });
  }

  /**
   * Reads the chat's memory (one query) and hands the comment signal its part; the deferred
   * tools' part is `carriedTools` of the result. Call its `end` with the turn's deferred tools
   * when the turn ends, however it ends.
   */
  async beginTurn(
    context: ChatTurnContext,
    options: { readonly newChat?: boolean } = {},
  ): Promise<ChatTurnMemory> {
    await this.refuseOthersChat(context);
    const key = { chatId: context.chatId, workspaceId: context.workspaceId };
    // A new chat starts cold: nothing to read.
    const stored = options.newChat ? undefined : await this.store.load(key);
    if (stored !== undefined)
      this.commentSignal?.open(context, {
        pages: stored.commentPages,
        since: stored.endedAt,
      });
    return new ChatTurnMemory(
      key,
      stored?.activatedTools ?? [],
      this.store,
      (tools) => ({
        activatedTools: tools.carriedTools(),
        commentPages: this.commentSignal?.carry(context) ?? [],
      }),
      (error) =>
        this.logger.warn(
          `chat ${key.chatId}: its memory could not be stored: ${errorMessage(error)}`,
        ),
    );
  }

  /**
   * A chat's memory (its carried tools, the pages its agent worked on and their watermarks) is
   * its creator's: a chat id of another user, or of another workspace, is refused as unknown
   * (404, naming nothing), so a member cannot borrow another's chat by sending its id. A chat
   * the host has not stored yet has no memory to leak and is let through.
   */
  private async refuseOthersChat(context: ChatTurnContext): Promise<void> {
    const chat = isUuid(context.chatId)
      ? await this.db
          .selectFrom('aiChats')
          .select(['creatorId', 'workspaceId'])
          .where('id', '=', context.chatId)
          .executeTakeFirst()
      : undefined;
    if (
      chat !== undefined &&
      (chat.workspaceId !== context.workspaceId ||
        chat.creatorId !== context.userId)
    )
      throw new NotFoundException(
        `chat ${context.chatId.slice(0, 40)} not found: a chat carries its memory for the user who started it only`,
      );
  }
}
