export { AiSettingsModule } from './ai-settings.module';
export { AiSettingsService, type AiSettingsCaller, type AiToolsSettings } from './ai-settings.service';
export { AiSettingsRepository, DEFERRED_TOOLS_DEFAULT } from './ai-settings.repository';
export { describeReceived, parseRequestBody } from './request-body';
