import type { ToolCallContext } from './tool-call-context';
import type {
  ToolInputJsonSchema,
  ToolInputParseResult,
} from './tool-input-schema';
import type { ToolInterceptor, ToolOutcome } from './tool-interceptor';
import type { AnyToolSpec, ToolExecutor } from './tool-spec';

/** A spec as the registry holds it, bound or not. */
export interface RegisteredTool {
  readonly spec: AnyToolSpec;
  /**
   * The JSON Schema of the input as the MCP SDK lists it (draft-07, every keyword zod emits):
   * MCP clients validate arguments with it before they send them.
   */
  readonly inputJsonSchema: ToolInputJsonSchema;
  /**
   * What the in-app chat sends the model: `inputJsonSchema` without `$schema` and the keywords
   * that only validate (`toModelInputJsonSchema`). The zod schema still checks every call.
   */
  readonly modelInputJsonSchema: ToolInputJsonSchema;
}

/** A spec with its executor: the only kind of tool a surface ever lists. */
export interface BoundTool extends RegisteredTool {
  readonly executor: ToolExecutor;
}

/**
 * The built, immutable tool set. Lists keep the canonical order of the specs given, so every
 * surface lists tools in the same stable order (provider prompt caches depend on it).
 */
export interface ToolRegistry {
  /** Every spec, bound or not, in canonical order: what `npm run tools` prints. */
  readonly allTools: readonly RegisteredTool[];
  /** The bound tools, in canonical order: what the surfaces expose. */
  readonly tools: readonly BoundTool[];
  /** Bound tools of the core tier (always active in the chat). */
  readonly coreTools: readonly BoundTool[];
  /** Bound tools of the deferred tier (catalog lines in the chat, loaded on demand). */
  readonly deferredTools: readonly BoundTool[];
  /** camelCase names of specs without an executor: absent from every surface and the catalog. */
  readonly unboundNames: readonly string[];
  readonly interceptors: readonly ToolInterceptor[];
  /** A bound tool by camelCase name; undefined for unknown and unbound names. */
  get(name: string): BoundTool | undefined;
  /** A bound tool by snake_case MCP name; undefined for unknown and unbound names. */
  getByMcpName(mcpName: string): BoundTool | undefined;
  /** Validates raw model input; failures carry a `ToolError('invalid_input')` naming the fields. */
  parseInput(tool: BoundTool, rawInput: unknown): Promise<ToolInputParseResult>;
  /** Runs an already validated call through the interceptors and the executor. */
  invoke(
    tool: BoundTool,
    input: unknown,
    context: ToolCallContext,
  ): Promise<ToolOutcome>;
  /**
   * Validates then invokes, by camelCase name: for callers without a surface of their own
   * (scripts, tests). Throws `ToolError` for an unknown or unbound name and for bad input.
   */
  call(
    name: string,
    rawInput: unknown,
    context: ToolCallContext,
  ): Promise<ToolOutcome>;
}
