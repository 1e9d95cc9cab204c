import { Inject, Injectable, Optional } from '@nestjs/common';
import type { PrepareStepFunction, ToolSet } from 'ai';
import {
  ChatMemoryService,
  type ChatTurnContext,
} from '../chat-memory/chat-memory.service';
import {
  DeferredToolsService,
  type StartTurnOptions,
} from '../deferred/deferred-tools.service';
import { AiToolsSettingsService } from '../settings/ai-tools-settings.service';
import {
  TurnStatsService,
  type RecordedTurn,
} from '../stats/turn-stats.service';
import type { AiChatTurn } from './ai-chat-turn';

export interface BeginChatTurnOptions {
  /** The chat has no stored turn yet: nothing to read. Default false. */
  readonly newChat?: boolean;
  /** The model's id, recorded with the turn's figures (e.g. `model.modelId`). Default 'unknown'. */
  readonly modelId?: string;
  /** Tools of connected external MCP servers (see `StartTurnOptions.externalTools`). */
  readonly externalTools?: StartTurnOptions['externalTools'];
  /** The host's own `prepareStep` (Docmost's `prepareAgentStep`, with its final-step lockdown). */
  readonly prepareStep?: PrepareStepFunction<ToolSet>;
  /** Epoch milliseconds, for the carried tools' last use. Default `Date.now`. */
  readonly now?: () => number;
}

/**
 * The chat turn in one injectable: reads the workspace's deferred-tools switch and the chat's
 * memory (refusing another user's chat id), starts the turn's deferred tools and its figures.
 * A chat service that injects this needs nothing else of the module for its turn; the
 * separate services (`DeferredToolsService`, `ChatMemoryService`, `AiToolsSettingsService`)
 * stay available for hosts that compose them themselves.
 */
@Injectable()
export class AiChatTurnService {
  constructor(
    private readonly settings: AiToolsSettingsService,
    private readonly deferredTools: DeferredToolsService,
    private readonly chatMemory: ChatMemoryService,
    // Explicit token: absent where the host mounts the services without AiToolsModule.
    @Optional()
    @Inject(TurnStatsService)
    private readonly stats: TurnStatsService | undefined,
  ) {}

  /**
   * Starts one turn of the chat `context.chatId` for `context`'s user. Rejects with
   * `NotFoundException` for a chat id of another user or workspace. Call `end` on the result
   * when the turn ends, however it ends.
   */
  async begin(
    context: ChatTurnContext,
    options: BeginChatTurnOptions = {},
  ): Promise<AiChatTurn> {
    const [enabled, memory] = await Promise.all([
      this.settings.isDeferredToolsEnabled(context.workspaceId),
      this.chatMemory.beginTurn(context, { newChat: options.newChat }),
    ]);
    // Recording starts once the turn's tools exist; its steps and its end come later.
    const recording: { turn?: RecordedTurn } = {};
    const turn: AiChatTurn = this.deferredTools.startTurnWithHooks(
      {
        context,
        enabled,
        externalTools: options.externalTools,
        carriedTools: memory.carriedTools,
        maxCarriedTools: this.chatMemory.maxCarriedTools,
        prepareStep: options.prepareStep,
        now: options.now,
      },
      {
        step: (step) =>
          recording.turn?.step(
            step.activeTools,
            step.hostActiveTools,
            step.lockedDown,
          ),
        // The memory first: the chat's next turn may start once `end` resolves.
        end: (how) =>
          memory
            .end(turn)
            .then(() => recording.turn?.finish(turn.figures(), how)),
      },
    );
    recording.turn = await this.stats?.startTurn({
      context,
      modelId: options.modelId,
      deferredTools: turn.enabled,
      tools: turn.tools,
    });
    return turn;
  }
}
