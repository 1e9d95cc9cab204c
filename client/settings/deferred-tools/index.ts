export {
  DeferredToolsSetting,
  DEFERRED_TOOLS_TEXTS,
  type DeferredToolsSettingProps,
} from './deferred-tools-setting.js';
