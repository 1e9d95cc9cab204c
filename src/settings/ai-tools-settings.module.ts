import { Module } from '@nestjs/common';
import { AiToolsSettingsController } from './ai-tools-settings.controller';
import { AiToolsSettingsRepository } from './ai-tools-settings.repository';
import { AiToolsSettingsService } from './ai-tools-settings.service';

/** The workspace toggle `settings.ai.deferredTools`. Needs the host's `KYSELY` provider. */
@Module({
  controllers: [AiToolsSettingsController],
  providers: [AiToolsSettingsRepository, AiToolsSettingsService],
  exports: [AiToolsSettingsService],
})
export class AiToolsSettingsModule {}
