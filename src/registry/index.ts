export {
  registerMcpTools,
  toAiSdkToolSet,
  toModelOutputWithNotices,
  toolOutputText,
  type ToolModelOutput,
} from './adapters';
export {
  createToolRegistry,
  MAX_CATALOG_LINE_LENGTH,
} from './create-tool-registry';
export type {
  RegistryLogger,
  ToolRegistryOptions,
} from './create-tool-registry';
export {
  toModelInputJsonSchema,
  VALIDATION_ONLY_KEYWORDS,
} from './model-input-schema';
export {
  NODE_INPUT_ERROR,
  prosemirrorNodeInput,
} from './prosemirror-node-input';
export type {
  ProseMirrorNodeInput,
  ProseMirrorNodeInputOptions,
} from './prosemirror-node-input';
export { RegistryError } from './registry-error';
export { toSnakeCase } from './snake-case';
export type { ToolCallContext } from './tool-call-context';
export {
  describeInputIssues,
  parseToolInput,
  toInputJsonSchema,
} from './tool-input-schema';
export type {
  ToolInputJsonSchema,
  ToolInputParseResult,
} from './tool-input-schema';
export type {
  ToolInterceptor,
  ToolInvocation,
  ToolOutcome,
} from './tool-interceptor';
export type { BoundTool, RegisteredTool, ToolRegistry } from './tool-registry';
export { formatToolTable, toolListing } from './tool-listing';
export type { ToolListingEntry } from './tool-listing';
export { defineTool } from './tool-spec';
export type {
  AnyToolSpec,
  CommentReading,
  ToolAnnotations,
  ToolExecutor,
  ToolExecutorMap,
  ToolInput,
  ToolSpec,
  ToolTier,
} from './tool-spec';
export { TOOL_REGISTRY, InjectToolRegistry } from './tool-registry.token';
export { ToolRegistryService } from './tool-registry.service';
export { modelLine } from './model-text';
export { inStoredKeyOrder } from './stored-key-order';
