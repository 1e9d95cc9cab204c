export {
  runTransformScript,
  type TransformScriptRequest,
  type TransformScriptResult,
} from './run-transform-script';
export { SCRIPT_FILE_NAME } from './transform-prelude';
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
