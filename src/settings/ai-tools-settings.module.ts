import { Module } from '@nestjs/common';
import { AiSettingsController } from './ai-settings.controller';
import { AiSettingsRepository } from './ai-settings.repository';
import { AiSettingsService } from './ai-settings.service';

/** The workspace toggle `settings.ai.deferredTools`. Needs the host's `KYSELY` provider. */
@Module({
  controllers: [AiSettingsController],
  providers: [AiSettingsRepository, AiSettingsService],
  exports: [AiSettingsService],
})
export class AiSettingsModule {}
