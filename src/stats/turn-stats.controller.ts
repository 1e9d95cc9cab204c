import { Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import {
  AiToolsAuthGuard,
  Caller,
  requireWorkspaceAdmin,
  type AiToolsCaller,
} from '../caller';
import type { TurnStatsSummary } from '../../client/wire/turn-stats';
import { TurnStatsService } from './turn-stats.service';

/** The workspace's chat-turn figures, for the admins who decide on the deferred-tools switch. */
@Controller('ai-tools')
@UseGuards(AiToolsAuthGuard)
export class TurnStatsController {
  constructor(private readonly stats: TurnStatsService) {}

  /** Last 7 and 30 days, by model and deferred tools ON/OFF; owners and admins only. */
  @Post('stats')
  @HttpCode(200)
  summary(@Caller() caller: AiToolsCaller): Promise<TurnStatsSummary> {
    requireWorkspaceAdmin(caller, 'read AI tool statistics');
    return this.stats.summary(caller.workspaceId);
  }
}
