export {
  DeferredToolsSetting,
  DEFERRED_TOOLS_TEXTS,
  type DeferredToolsSettingProps,
} from './deferred-tools/index.js';
export {
  AI_TOOLS_SETTINGS_QUERY_KEY,
  useAiToolsSettings,
  useUpdateAiToolsSettings,
  type AiToolsSettings,
} from './use-ai-tools-settings.js';
