export { AiToolsSettingsModule } from './ai-tools-settings.module';
export {
  AiToolsSettingsService,
  type AiToolsSettingsCaller,
  type AiToolsSettings,
} from './ai-tools-settings.service';
export {
  AiToolsSettingsRepository,
  DEFERRED_TOOLS_DEFAULT,
} from './ai-tools-settings.repository';
export { describeReceived, parseRequestBody } from './request-body';
