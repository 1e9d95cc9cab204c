import { asSchema, jsonSchema, type JSONSchema7, type Tool } from 'ai';
import { inStoredKeyOrder } from '../registry';
import { ToolError } from '../ground';
import type {
  LoadedToolDefinition,
  LoadToolsResult,
} from './load-tools-result';

/**
 * Where a loaded deferred tool's definition reaches the model.
 *
 * - `in-conversation`: the tools array never changes within a chat. Every deferred
 *   tool is in it from the first step as a stub (its name and a schema accepting any object);
 *   `loadTools` answers with the loaded tools' full definitions, at the end of the context, and
 *   a loaded tool's call is checked against its real schema before it runs. A provider's prompt
 *   cache keeps the whole chat as its prefix across a load (the approach of Anthropic's and
 *   OpenAI's tool search). The model reads a loaded tool's schema in a tool result instead of
 *   its tool list: a risk to how exactly it calls it, which is why it can be switched.
 * - `in-conversation-without-stubs`: as `in-conversation`, but the request the provider receives
 *   declares no deferred tool at all, only the core tools and `loadTools` (the stubs stay in the
 *   SDK's tool set, so a call is parsed, checked and run the same way). Every request is the
 *   stubs' tokens shorter (about 550 with the 28 registry tools), and the model calls a loaded
 *   tool that its request never declared, from the definition in the conversation: a provider
 *   that checks calls against the declared tools refuses that (Gemini ends such a step with
 *   `UNEXPECTED_TOOL_CALL`), so it is for providers known to accept it. Needs the step's model
 *   as an object (a model id string keeps the stubs declared).
 * - `tool-list` (the default): a loaded tool joins the tools array (`activeTools`) with its full definition,
 *   as before; the array changes at each load, so the next request re-processes the system
 *   prompt and the whole history.
 */
export type ToolLoading =
  'in-conversation' | 'in-conversation-without-stubs' | 'tool-list';

export const TOOL_LOADINGS: readonly ToolLoading[] = [
  'in-conversation',
  'in-conversation-without-stubs',
  'tool-list',
];

/** The package's default keeps a mounted host's chat as it was; the reference host sets `in-conversation`. */
export const DEFAULT_TOOL_LOADING: ToolLoading = 'tool-list';

/** Refuses anything but a known way of loading, naming the valid ones. */
export function checkToolLoading(value: string): ToolLoading {
  if (!(TOOL_LOADINGS as readonly string[]).includes(value))
    throw new RangeError(
      `toolLoading must be one of ${TOOL_LOADINGS.map((name) => `"${name}"`).join(', ')}, got "${value}"`,
    );
  return value as ToolLoading;
}

/** The stub's schema: any object. The real schema arrives with `loadTools` and is checked at the call. */
const STUB_INPUT_SCHEMA: JSONSchema7 = { type: 'object' };

export async function loadedToolDefinition(
  name: string,
  tool: Tool,
): Promise<LoadedToolDefinition> {
  const parameters = await asSchema(tool.inputSchema).jsonSchema;
  return tool.description === undefined
    ? { name, parameters }
    : { name, description: tool.description, parameters };
}

/**
 * What the tools array carries for a deferred tool with `in-conversation` loading: its name and
 * a schema accepting any object, nothing else (a few tokens, the same on every request). A
 * call first passes `admit` (which refuses a tool that is not loaded), then the real schema's
 * check: invalid input is refused with what was wrong and the schema to follow, and never runs.
 */
export function deferredToolStub(
  name: string,
  tool: Tool,
  admit: () => Promise<void>,
): Tool {
  const execute = tool.execute;
  if (execute === undefined) return tool;
  const { description: _description, ...rest } = tool;
  return {
    ...rest,
    // Any object passes here (the real schema is checked at the call), its keys in the order
    // the stored history gives them back, as the registry's tools give theirs.
    inputSchema: jsonSchema(STUB_INPUT_SCHEMA, {
      validate: (value) => ({ success: true, value: inStoredKeyOrder(value) }),
    }),
    execute: async (
      input: unknown,
      options: Parameters<typeof execute>[1],
    ): Promise<unknown> => {
      await admit();
      const validated = await validInput(name, tool, input);
      return execute(validated, options);
    },
  } as Tool;
}

/** The same tool (the schema the provider sees is unchanged), its calls first passing `admit`, which throws to refuse one. */
export function gatedTool(tool: Tool, admit: () => void): Tool {
  const execute = tool.execute;
  if (execute === undefined) return tool;
  return {
    ...tool,
    execute: (input: unknown, options: Parameters<typeof execute>[1]) => {
      admit();
      return execute(input, options);
    },
  } as Tool;
}

async function validInput(
  name: string,
  tool: Tool,
  input: unknown,
): Promise<unknown> {
  const schema = asSchema(tool.inputSchema);
  if (schema.validate === undefined) return input;
  const result = await schema.validate(input);
  if (result.success) return result.value;
  const parameters = await schema.jsonSchema;
  throw new ToolError(
    'invalid_input',
    `Invalid input for ${name}, so the call did not run: ${result.error.message} ` +
      `Call ${name} again with input matching its parameters: ${JSON.stringify(parameters)}`,
    { invalidInput: name },
  );
}

/** The refusal of a call of a deferred tool that was not loaded: it is loaded now, here is how to call it. */
export function notLoadedError(definition: LoadedToolDefinition): ToolError {
  const { name } = definition;
  return new ToolError(
    'invalid_input',
    `${name} was not loaded, so this call did not run. It is loaded now: call ${name} again with input matching its definition: ${JSON.stringify(definition)}`,
    { notLoaded: name },
  );
}

/** The refusal of a call of a deferred tool its step was not sent (`tool-list` loading): it is loaded now. */
export function notSentError(name: string): ToolError {
  return new ToolError(
    'invalid_input',
    `${name} was not loaded, so this call did not run. It is loaded now: call ${name} again with the same input.`,
    { notLoaded: name },
  );
}

/** A `loadTools` result with the definitions of the deferred tools it names, loaded now or earlier. */
export async function withDefinitions(
  result: LoadToolsResult,
  deferredTools: ReadonlyMap<string, Tool>,
): Promise<LoadToolsResult> {
  const names = [...result.loaded, ...(result.alreadyActive ?? [])].filter(
    (name) => deferredTools.has(name),
  );
  const definitions = await Promise.all(
    names.map((name) => loadedToolDefinition(name, deferredTools.get(name)!)),
  );
  return inStoredKeyOrder({ ...result, definitions });
}
