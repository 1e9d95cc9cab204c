export {
  runTransformScript,
  SCRIPT_FILE_NAME,
  type TransformScriptRequest,
  type TransformScriptResult,
} from './run-transform-script';
export {
  ScriptSandboxError,
  type ScriptFailureKind,
  type ScriptLocation,
} from './script-sandbox-error';
export {
  DEFAULT_SANDBOX_LIMITS,
  formatBytes,
  resolveSandboxLimits,
  type SandboxLimits,
  type ScriptSandboxOptions,
} from './sandbox-options';
