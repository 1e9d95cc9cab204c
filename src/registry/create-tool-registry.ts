import { RegistryError } from './registry-error';
import { runToolCall } from './run-tool-call';
import { CAMEL_CASE_TOOL_NAME, toSnakeCase } from './snake-case';
import type { ToolCallContext } from './tool-call-context';
import { abbreviate, errorMessage } from '../ground';
import { modelText } from './model-text';
import { ToolError } from './tool-error';
import { parseToolInput, toInputJsonSchema } from './tool-input-schema';
import type { ToolInterceptor } from './tool-interceptor';
import type { BoundTool, RegisteredTool, ToolRegistry } from './tool-registry';
import type { AnyToolSpec, ToolExecutor, ToolExecutorMap } from './tool-spec';
import { messageWithCause } from '../ground';
import { toModelInputJsonSchema } from './model-input-schema';

/** The longest catalog line accepted: one line of the system prompt, not a description. */
export const MAX_CATALOG_LINE_LENGTH = 200;

/** Where the registry reports, at build, the tools it leaves out. Nest's `Logger` fits. */
export interface RegistryLogger {
  warn(message: string): void;
  /** Unexpected executor failures; `warn` when absent. */
  error?(message: string): void;
}

export interface ToolRegistryOptions<Specs extends readonly AnyToolSpec[]> {
  /** Every tool, in canonical order: both surfaces list the bound ones in this order. */
  readonly specs: Specs;
  /**
   * Executors by camelCase name, each typed from its spec. A spec without one is unbound: left
   * out of every surface. A key naming no spec is a build error.
   */
  readonly executors: NoInfer<ToolExecutorMap<Specs>>;
  /** Wrap every executor on both surfaces; the first is outermost. Default: none. */
  readonly interceptors?: readonly ToolInterceptor[];
  /** Make unbound tools a build error instead of a warning. Default: false. */
  readonly strict?: boolean;
  /** Receives the warning naming unbound tools. Default: `console`. */
  readonly logger?: RegistryLogger;
}

/**
 * Builds the immutable registry both surfaces derive from, or throws `RegistryError` naming the
 * tool at fault: a malformed or duplicate name in either form, an `mcpName` that is not the
 * snake_case of `name`, a deferred tool without a catalog line, a catalog line with a newline or
 * over 200 characters, an unrepresentable input schema, an executor for no spec, and (strict)
 * an unbound tool.
 */
export function createToolRegistry<const Specs extends readonly AnyToolSpec[]>(
  options: ToolRegistryOptions<Specs>,
): ToolRegistry {
  const { specs, strict = false, logger = console } = options;
  const executors = options.executors as Readonly<
    Record<string, ToolExecutor | undefined>
  >;
  const interceptors = Object.freeze([...(options.interceptors ?? [])]);

  checkNames(specs);
  for (const spec of specs) checkCatalogLine(spec);
  const specNames = new Set(specs.map((spec) => spec.name));
  for (const [name, executor] of Object.entries(executors)) {
    if (executor !== undefined && !specNames.has(name)) {
      throw new RegistryError(
        name,
        'an executor is given for a tool that has no spec; valid names: ' +
          [...specNames].join(', '),
      );
    }
  }

  const allTools: RegisteredTool[] = [];
  const tools: BoundTool[] = [];
  const unboundNames: string[] = [];
  for (const spec of specs) {
    const inputJsonSchema = computeInputJsonSchema(spec);
    const registered: RegisteredTool = Object.freeze({
      spec,
      inputJsonSchema,
      modelInputJsonSchema: toModelInputJsonSchema(inputJsonSchema),
    });
    allTools.push(registered);
    const executor = executors[spec.name];
    if (executor === undefined) unboundNames.push(spec.name);
    else tools.push(Object.freeze({ ...registered, executor }));
  }

  if (unboundNames.length > 0) {
    const message = `${unboundNames.length} tool(s) have no executor and are left out of every surface and the catalog: ${unboundNames.join(', ')}`;
    if (strict)
      throw new RegistryError(
        unboundNames[0] as string,
        `strict mode: ${message}`,
      );
    logger.warn(message);
  }

  const byName = new Map(tools.map((tool) => [tool.spec.name, tool]));
  const byMcpName = new Map(tools.map((tool) => [tool.spec.mcpName, tool]));

  // Only a ToolError is written for the model. Anything else (a driver error, a bug) may carry
  // SQL, row data or paths: it is logged for operators and the model gets a neutral error.
  const invoke = async (
    tool: BoundTool,
    input: unknown,
    context: ToolCallContext,
  ) => {
    try {
      return await runToolCall(
        { spec: tool.spec, input, context },
        tool.executor,
        interceptors,
      );
    } catch (error) {
      // A message may quote text users wrote (titles): no quoted text can forge a signal line.
      if (error instanceof ToolError) throw asModelText(error);
      // A database outage is the model's to retry, not a bug, and its message names only the
      // reason (no SQL, no data, no host): one log line, no stack; the driver's own words (which
      // name the host and port) go to the log only. Recognised by name, so the registry
      // keeps depending on nothing (the error is src/database's DatabaseUnavailableError).
      if (error instanceof Error && error.name === 'DatabaseUnavailableError') {
        logger.warn(
          `tool ${tool.spec.name} failed: ${messageWithCause(error)}`,
        );
        throw new ToolError(
          'unavailable',
          `${tool.spec.name} failed: ${error.message}`,
        );
      }
      const detail =
        error instanceof Error ? (error.stack ?? error.message) : String(error);
      (logger.error ?? logger.warn).call(
        logger,
        `tool ${tool.spec.name} failed: ${detail}`,
      );
      throw new ToolError(
        'internal',
        `${tool.spec.name} failed because of an internal error (details are in the server log). ` +
          'Retry once; if it fails again, tell the user the tool is failing instead of guessing its result.',
      );
    }
  };

  const registry: ToolRegistry = {
    allTools: Object.freeze(allTools),
    tools: Object.freeze(tools),
    coreTools: Object.freeze(tools.filter((tool) => tool.spec.tier === 'core')),
    deferredTools: Object.freeze(
      tools.filter((tool) => tool.spec.tier === 'deferred'),
    ),
    unboundNames: Object.freeze(unboundNames),
    interceptors,
    get: (name) => byName.get(name),
    getByMcpName: (mcpName) => byMcpName.get(mcpName),
    parseInput: (tool, rawInput) => parseToolInput(tool.spec, rawInput),
    invoke,
    async call(name, rawInput, context) {
      const tool = byName.get(name);
      if (tool === undefined) {
        throw new ToolError(
          'not_found',
          `Unknown tool "${abbreviate(name)}". Valid tools: ${[...byName.keys()].join(', ')}`,
        );
      }
      const parsed = await parseToolInput(tool.spec, rawInput);
      if (!parsed.success) throw parsed.error;
      return invoke(tool, parsed.input, context);
    },
  };
  return Object.freeze(registry);
}

function checkNames(specs: readonly AnyToolSpec[]): void {
  const seen = new Map<string, string>();
  for (const spec of specs) {
    if (!CAMEL_CASE_TOOL_NAME.test(spec.name)) {
      throw new RegistryError(
        spec.name,
        'name must be lower camelCase ASCII letters and digits, like "getPageJson"',
      );
    }
    const expectedMcpName = toSnakeCase(spec.name);
    if (spec.mcpName !== expectedMcpName) {
      throw new RegistryError(
        spec.name,
        `mcpName "${spec.mcpName}" is not the snake_case of the name; it must be "${expectedMcpName}"`,
      );
    }
    // Both forms share one namespace: MCP clients and models see names of either form.
    for (const form of [spec.name, spec.mcpName]) {
      const owner = seen.get(form);
      if (owner !== undefined) {
        throw new RegistryError(
          spec.name,
          `duplicate tool name "${form}" (already used by the spec of "${owner}")`,
        );
      }
    }
    seen.set(spec.name, spec.name);
    seen.set(spec.mcpName, spec.name);
    if (spec.description.trim() === '')
      throw new RegistryError(spec.name, 'description must not be empty');
  }
}

function checkCatalogLine(spec: AnyToolSpec): void {
  const line = spec.catalogLine;
  if (line === undefined || line.trim() === '') {
    if (spec.tier === 'deferred') {
      throw new RegistryError(
        spec.name,
        'a deferred tool needs a catalogLine: the catalog is all the model sees of it',
      );
    }
    return;
  }
  if (/[\r\n]/.test(line)) {
    throw new RegistryError(
      spec.name,
      'catalogLine must be a single line (it contains a line break)',
    );
  }
  if (line.length > MAX_CATALOG_LINE_LENGTH) {
    throw new RegistryError(
      spec.name,
      `catalogLine is ${line.length} characters; at most ${MAX_CATALOG_LINE_LENGTH} are allowed`,
    );
  }
}

function computeInputJsonSchema(spec: AnyToolSpec) {
  try {
    return toInputJsonSchema(spec.inputSchema);
  } catch (error) {
    const reason = errorMessage(error);
    throw new RegistryError(
      spec.name,
      `inputSchema cannot be expressed as JSON Schema: ${reason}`,
    );
  }
}

function asModelText(error: ToolError): ToolError {
  const message = modelText(error.message);
  return message === error.message
    ? error
    : new ToolError(error.code, message, error.details);
}
