import {
  Controller,
  ForbiddenException,
  HttpCode,
  Post,
  UseGuards,
} from '@nestjs/common';
import { AiToolsAuthGuard, Caller, type AiToolsCaller } from '../caller';
import type { UserRole } from '../database';
import type { TurnStatsSummary } from './turn-stats-summary';
import { TurnStatsService } from './turn-stats.service';

const ROLES_ALLOWED: readonly UserRole[] = ['owner', 'admin'];

/** The workspace's chat-turn figures, for the admins who decide on the deferred-tools switch. */
@Controller('ai-tools')
@UseGuards(AiToolsAuthGuard)
export class TurnStatsController {
  constructor(private readonly stats: TurnStatsService) {}

  /** Last 7 and 30 days, by model and deferred tools ON/OFF; owners and admins only. */
  @Post('stats')
  @HttpCode(200)
  summary(@Caller() caller: AiToolsCaller): Promise<TurnStatsSummary> {
    if (!ROLES_ALLOWED.includes(caller.role))
      throw new ForbiddenException(
        `Only workspace owners and admins can read AI tool statistics; your role is "${caller.role}"`,
      );
    return this.stats.summary(caller.workspaceId);
  }
}
