import { splitNotices } from '../../host/chat/tool-result-output';
import {
  messageText,
  type ChatCompletionsBody,
} from '../chat-completions/chat-completions';

const CATALOG_BLOCK = /<tool_catalog\b[\s\S]*?<\/tool_catalog>/;

/** A tool result as the model read it. */
export interface ViewedResult {
  /** The main text (for a result with notices: its first part). */
  readonly text: string;
  /** `[signal] …` lines the comment signal appended. */
  readonly signals: readonly string[];
  /**
   * The main text parsed as JSON when it is an object or array. Registry tools answer JSON; an
   * error reaches an OpenAI-compatible model as plain text, so `undefined` here means an error.
   */
  readonly json?: unknown;
}

/** A tool call the model made and, once the host ran it, its result. */
export interface ViewedCall {
  readonly id: string;
  readonly name: string;
  /** The arguments parsed; the raw string when they are not JSON. */
  readonly input: unknown;
  readonly result?: ViewedResult;
}

/** What one request to the model carries, in the terms a persona or a figure needs. */
export interface ConversationView {
  readonly system: string;
  /** The `<tool_catalog>` block of the system prompt; '' when there is none (deferred tools OFF). */
  readonly catalogBlock: string;
  /** Function tools sent with this request that the model knows how to call (a stub once its definition was delivered), in order. */
  readonly activeToolNames: readonly string[];
  /** Whether the host forbade tool calls on this step (the final-step lockdown). */
  readonly toolsLocked: boolean;
  /** The newest user message. */
  readonly userMessage: string;
  /** Tool calls since the newest user message, oldest first. */
  readonly turnCalls: readonly ViewedCall[];
  /** Tool calls of earlier turns of the chat. */
  readonly earlierCalls: readonly ViewedCall[];
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isTextParts(
  value: unknown,
): value is { type: 'text'; text: string }[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every(
      (part) =>
        typeof part === 'object' &&
        part !== null &&
        part.type === 'text' &&
        typeof part.text === 'string',
    )
  );
}

/**
 * Reads a tool message. A result with notices reaches OpenAI-compatible providers as one
 * JSON-stringified array of text parts: the output's text, then one part per notice.
 */
export function readToolMessage(content: string): ViewedResult {
  const parsed = parseJson(content);
  let text = content;
  let signals: readonly string[] = [];
  if (isTextParts(parsed))
    ({ text, signals } = splitNotices(parsed.map((part) => part.text)));
  const json =
    text === content && !isTextParts(parsed) ? parsed : parseJson(text);
  return typeof json === 'object' && json !== null
    ? { text, signals, json }
    : { text, signals };
}

function parseArguments(raw: string): unknown {
  const parsed = parseJson(raw);
  return parsed === undefined ? raw : parsed;
}

/** A deferred tool's stub (`in-conversation` loading): a name, no description, any object. */
function isStub(
  tool: NonNullable<ChatCompletionsBody['tools']>[number],
): boolean {
  return (
    tool.function.description === undefined &&
    JSON.stringify(tool.function.parameters) === '{"type":"object"}'
  );
}

const REFUSAL_WITH_DEFINITION = /(\S+) was not loaded, .* its definition: /;

/**
 * The tools a model can call knowing how: every tool sent with its definition, and a deferred
 * tool once the conversation holds its definition (a `loadTools` result's `definitions`, or the
 * refusal of a call made before loading, which carries it), whether the request lists it as a
 * stub (`in-conversation`) or not at all (`in-conversation-without-stubs`).
 */
function callableToolNames(
  body: ChatCompletionsBody,
  calls: readonly ViewedCall[],
): string[] {
  const defined = new Set<string>();
  for (const call of calls) {
    const definitions = (call.result?.json as { definitions?: unknown })
      ?.definitions;
    if (Array.isArray(definitions))
      for (const definition of definitions)
        defined.add(String((definition as { name?: unknown }).name));
    const refused = REFUSAL_WITH_DEFINITION.exec(call.result?.text ?? '');
    if (refused !== null) defined.add(refused[1]!);
  }
  const listed = (body.tools ?? [])
    .filter((tool) => !isStub(tool) || defined.has(tool.function.name))
    .map((tool) => tool.function.name);
  return [...listed, ...[...defined].filter((name) => !listed.includes(name))];
}

/** Reads a chat-completions request body. */
export function viewConversation(body: ChatCompletionsBody): ConversationView {
  const calls: { call: ViewedCall; turn: number }[] = [];
  const byId = new Map<string, number>();
  let turn = 0;
  let userMessage = '';
  for (const message of body.messages) {
    if (message.role === 'user') {
      turn += 1;
      userMessage = messageText(message);
    } else if (message.role === 'assistant') {
      for (const call of message.tool_calls ?? []) {
        byId.set(call.id, calls.length);
        calls.push({
          call: {
            id: call.id,
            name: call.function.name,
            input: parseArguments(call.function.arguments),
          },
          turn,
        });
      }
    } else if (message.role === 'tool' && message.tool_call_id !== undefined) {
      const index = byId.get(message.tool_call_id);
      if (index !== undefined)
        calls[index] = {
          ...calls[index]!,
          call: {
            ...calls[index]!.call,
            result: readToolMessage(messageText(message)),
          },
        };
    }
  }
  const system = body.messages
    .filter((message) => message.role === 'system')
    .map(messageText)
    .join('\n');
  return {
    system,
    catalogBlock: CATALOG_BLOCK.exec(system)?.[0] ?? '',
    activeToolNames: callableToolNames(
      body,
      calls.map((entry) => entry.call),
    ),
    toolsLocked: body.tool_choice === 'none',
    userMessage,
    turnCalls: calls
      .filter((entry) => entry.turn === turn)
      .map((entry) => entry.call),
    earlierCalls: calls
      .filter((entry) => entry.turn < turn)
      .map((entry) => entry.call),
  };
}

/** The newest successful (JSON) result of a tool in this turn. */
export function latestSuccess(
  view: ConversationView,
  toolName: string,
): ViewedCall | undefined {
  return view.turnCalls
    .filter((call) => call.name === toolName && call.result?.json !== undefined)
    .at(-1);
}

/** Whether a tool name is written in the `<tool_catalog>` block (as its own line or in an external server's list). */
export function catalogNames(
  view: ConversationView,
  toolName: string,
): boolean {
  return new RegExp(
    `(^|[\\s,])${toolName.replace(/[^A-Za-z0-9_]/g, '\\$&')}(?=$|[\\s,]|\\s—)`,
    'm',
  ).test(view.catalogBlock);
}
