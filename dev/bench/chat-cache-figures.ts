import {
  messageText,
  type ChatCompletionsBody,
  type ChatCompletionsMessage,
  type ChatCompletionsTool,
  type ChatCompletionsToolCall,
} from '../chat-completions/chat-completions';
import { readToolMessage } from '../eval/conversation-view';
import { selectPersonas } from '../eval/personas';
import { runEval } from '../eval/run-eval';
import type { DeferredMode } from '../eval/run-scenario';
import type { ToolLoading } from '../../src/deferred';
import { TOOL_DEFINITIONS } from '../../src/tools';
import { passed, type Scenario } from '../eval/scenario';
import { SCENARIOS } from '../eval/scenarios';
import type { DatabaseDriver } from '../../src/database';
import { DOCMOST_TOOLS_TOTAL_TOKENS } from './docmost-tool-tokens';
import { LONG_CHAT_SCENARIO } from './long-chat-scenario';
import { withReferenceRunValues } from './run-values';
import {
  addChatCacheFigures,
  chatCacheFigures,
  PrefixCache,
  renderMessage,
  requestTokens,
  serializeRequest,
  withStaticToolBlock,
  type ChatCacheFigures,
  type SerializedRequest,
} from './prefix-cache';
import { countTokens } from '../../host/chat/tool-tokens';

/**
 * The ways a chat can be sent, compared: Docmost's own tools, the package OFF, ON with
 * `in-conversation` loading (deferred tools as stubs in the request), and ON with
 * `in-conversation-without-stubs` (the request declares no deferred tool).
 */
export type CacheArm = 'docmost' | 'off' | 'on' | 'onWithoutStubs';
export const CACHE_ARMS: readonly CacheArm[] = [
  'docmost',
  'off',
  'on',
  'onWithoutStubs',
];

/** The names of the package's tools (loadTools aside: only OFF requests are filtered). */
const PACKAGE_TOOL_NAMES: ReadonlySet<string> = new Set(
  TOOL_DEFINITIONS.map((tool) => tool.name),
);

/**
 * The tools of a request that are not the package's: the chat's external MCP tools. Docmost's
 * own chat sends them whole on every step beside its 40, so Docmost's arm keeps them as the
 * OFF request sent them.
 */
function externalTools(body: ChatCompletionsBody): ChatCompletionsTool[] {
  return (body.tools ?? []).filter(
    (tool) => !PACKAGE_TOOL_NAMES.has(tool.function.name),
  );
}

/** The arms in which the package defers tools. */
const LOADING_ARMS: readonly CacheArm[] = ['on', 'onWithoutStubs'];

export interface ArmFigures extends ChatCacheFigures {
  /** Whether the chat's scenario check passed in this arm (Docmost's reuses OFF's run). */
  readonly completed: boolean;
  /** Tokens of the full definitions of the deferred tools the chat loaded (ON only; 0 otherwise). */
  readonly loadedDefinitionTokens: number;
  /**
   * Tokens of the chat's `loadTools` calls and results as the model reads them (ON only): what
   * loading cost, the definitions it delivered included.
   */
  readonly loadingTokens: number;
  /** Tokens of the chat's tool results (each tool message once): fresh input every arm pays. */
  readonly toolResultTokens: number;
}

export interface MeasuredChat {
  readonly id: string;
  readonly title: string;
  readonly turns: number;
  readonly arms: Readonly<Record<CacheArm, ArmFigures>>;
}

export interface ChatCacheRunFigures {
  /** Docmost's static tool block, in tokens (a recorded measurement). */
  readonly docmostToolTokens: number;
  /** The persona that played every chat (the loading one: it loads before use, as a careful model does). */
  readonly persona: string;
  readonly chats: readonly MeasuredChat[];
  /** Every chat but the long one, summed per arm. */
  readonly evalChats: Readonly<Record<CacheArm, ArmFigures>>;
}

export interface MeasureChatCacheOptions {
  /** A PostgreSQL URL whose user may create databases. */
  readonly adminUrl: string;
  /** An already migrated, empty database to clone (tests pass theirs); default: migrate one. */
  readonly migratedTemplate?: string;
  readonly driver?: DatabaseDriver;
  /** Default: every eval scenario and the long chat. */
  readonly scenarios?: readonly Scenario[];
  readonly log?: (line: string) => void;
}

/**
 * One turn in a chat of its own before the measured chats: what an earlier chat of the
 * workspace leaves in the provider's cache (its tools and system prompt).
 */
const WARM_UP_SCENARIO: Scenario = {
  id: 'warm-up',
  title: 'An earlier chat of the workspace',
  toolsNeeded: [],
  turns: [{ message: 'Hello.', plan: () => ({ answer: 'Hello!' }) }],
  check: async () => passed('answered'),
};

/** Every eval scenario and the long chat. */
export const CACHE_SCENARIOS: readonly Scenario[] = [
  ...SCENARIOS,
  LONG_CHAT_SCENARIO,
];

/**
 * The messages of a chat's last request that only loading added: each assistant message that
 * calls `loadTools` (whole when loading is all it does; otherwise just its `loadTools` call
 * lines) and the tool messages answering those calls.
 */
function loadingMessages(requests: readonly ChatCompletionsBody[]): {
  readonly calls: readonly ChatCompletionsToolCall[];
  readonly texts: readonly string[];
  readonly results: readonly ChatCompletionsMessage[];
} {
  const messages = requests.at(-1)?.messages ?? [];
  const calls: ChatCompletionsToolCall[] = [];
  const texts: string[] = [];
  for (const message of messages) {
    const loads = (message.tool_calls ?? []).filter(
      (call) => call.function.name === 'loadTools',
    );
    if (loads.length === 0) continue;
    calls.push(...loads);
    const onlyLoading =
      loads.length === message.tool_calls!.length &&
      messageText(message).trim() === '';
    texts.push(
      ...(onlyLoading
        ? [renderMessage(message)]
        : loads.map(
            (call) => `\n${call.function.name} ${call.function.arguments}`,
          )),
    );
  }
  const ids = new Set(calls.map((call) => call.id));
  return {
    calls,
    texts,
    results: messages.filter(
      (message) =>
        message.role === 'tool' && ids.has(message.tool_call_id ?? ''),
    ),
  };
}

/** Tokens of the loading messages as the model reads them (see {@link loadingMessages}). */
function loadingTokens(requests: readonly ChatCompletionsBody[]): number {
  const { texts, results } = loadingMessages(requests);
  return (
    texts.reduce((sum, text) => sum + countTokens(text), 0) +
    results.reduce(
      (sum, message) => sum + countTokens(renderMessage(message)),
      0,
    )
  );
}

/** Names `loadTools` reported loaded in a chat, in order. */
function loadedToolNames(requests: readonly ChatCompletionsBody[]): string[] {
  const names: string[] = [];
  for (const message of loadingMessages(requests).results) {
    const { json } = readToolMessage(String(message.content ?? ''));
    const loaded = (json as { loaded?: unknown } | undefined)?.loaded;
    for (const name of Array.isArray(loaded) ? loaded : [])
      if (typeof name === 'string' && !names.includes(name)) names.push(name);
  }
  return names;
}

/** Tokens of each tool's full definition as a request with every tool sends it. */
function definitionTokens(
  body: ChatCompletionsBody | undefined,
  names: readonly string[],
): number {
  const tools = body?.tools ?? [];
  return names.reduce((sum, name) => {
    const tool = tools.find((candidate) => candidate.function.name === name);
    return sum + (tool === undefined ? 0 : countTokens(JSON.stringify(tool)));
  }, 0);
}

/** Tokens of every tool message of the chat, each once (the last request holds them all). */
function toolResultTokens(requests: readonly ChatCompletionsBody[]): number {
  return (requests.at(-1)?.messages ?? [])
    .filter((message) => message.role === 'tool')
    .reduce((sum, message) => sum + countTokens(renderMessage(message)), 0);
}

/**
 * The cache figures: every chat of the set played through the reference host's chat route by
 * the loading persona, with the package OFF and ON (`in-conversation` loading), then ON again
 * with `in-conversation-without-stubs`, each request recorded as the stand-in
 * model received it, then simulated through an exact-prefix cache that holds a one-turn
 * warm-up chat of the same arm. Docmost's arm is the OFF run with its tools array replaced by
 * Docmost's own static block ({@link DOCMOST_TOOLS_TOTAL_TOKENS} tokens) and the chat's
 * external MCP tools, whole, as Docmost sends them.
 */
export async function measureChatCache(
  options: MeasureChatCacheOptions,
): Promise<ChatCacheRunFigures> {
  const scenarios = options.scenarios ?? CACHE_SCENARIOS;
  const [persona] = selectPersonas(['loader']);
  const recorded = new Map<string, ChatCompletionsBody[]>();
  const key = (scenarioId: string, arm: string) => `${scenarioId} ${arm}`;
  const recording =
    (arm: 'onWithoutStubs' | undefined) =>
    (
      run: { readonly scenarioId: string; readonly mode: DeferredMode },
      requests: readonly { readonly body: ChatCompletionsBody }[],
    ) => {
      const name = key(run.scenarioId, arm ?? run.mode);
      const chat = recorded.get(name) ?? [];
      chat.push(...requests.map((request) => request.body));
      recorded.set(name, chat);
    };
  const played = (toolLoading: ToolLoading, modes: readonly DeferredMode[]) =>
    runEval({
      adminUrl: options.adminUrl,
      migratedTemplate: options.migratedTemplate,
      driver: options.driver,
      scenarios: [WARM_UP_SCENARIO, ...scenarios],
      personas: [persona!],
      toolLoading,
      modes,
      onTurnRequests: recording(
        toolLoading === 'in-conversation' ? undefined : 'onWithoutStubs',
      ),
      onResult: (result, { done, total }) =>
        options.log?.(
          `cache figures (${toolLoading}): ${result.scenarioId} ${result.mode} (${done}/${total})`,
        ),
    });
  const reports = {
    inConversation: await played('in-conversation', ['on', 'off']),
    withoutStubs: await played('in-conversation-without-stubs', ['on']),
  };
  // An ON chat reads OFF's ids and timestamps wherever both did the same thing, so the arms
  // differ only in how tools are carried, not in how two random ids happened to tokenize.
  // Aligned once per chat and arm: the serialized requests and the figures read the same bodies.
  const aligned = new Map<string, ChatCompletionsBody[]>();
  const requestsOf = (scenarioId: string, arm: CacheArm) => {
    const off = recorded.get(key(scenarioId, 'off')) ?? [];
    if (arm === 'off' || arm === 'docmost') return off;
    const name = key(scenarioId, arm);
    let bodies = aligned.get(name);
    if (bodies === undefined) {
      bodies = withReferenceRunValues(recorded.get(name) ?? [], off);
      aligned.set(name, bodies);
    }
    return bodies;
  };
  const serialized = (scenarioId: string, arm: CacheArm): SerializedRequest[] =>
    requestsOf(scenarioId, arm).map((body) =>
      arm === 'docmost'
        ? withStaticToolBlock(
            serializeRequest(body),
            DOCMOST_TOOLS_TOTAL_TOKENS,
            externalTools(body),
          )
        : serializeRequest(body),
    );
  const warmCaches = Object.fromEntries(
    CACHE_ARMS.map((arm) => {
      const cache = new PrefixCache();
      for (const request of serialized(WARM_UP_SCENARIO.id, arm))
        cache.remember(requestTokens(request));
      return [arm, cache];
    }),
  ) as Record<CacheArm, PrefixCache>;
  const completed = (scenarioId: string, arm: CacheArm) =>
    (arm === 'onWithoutStubs'
      ? reports.withoutStubs
      : reports.inConversation
    ).results.some(
      (result) =>
        result.scenarioId === scenarioId &&
        result.mode === (arm === 'docmost' || arm === 'off' ? 'off' : 'on') &&
        result.check.passed,
    );

  const chats: MeasuredChat[] = scenarios.map((scenario) => {
    const offBodies = requestsOf(scenario.id, 'off');
    const arm = (which: CacheArm): ArmFigures => {
      const bodies = requestsOf(scenario.id, which);
      const loading = LOADING_ARMS.includes(which);
      return {
        ...chatCacheFigures(serialized(scenario.id, which), warmCaches[which]),
        completed: completed(scenario.id, which),
        loadedDefinitionTokens: loading
          ? definitionTokens(offBodies[0], loadedToolNames(bodies))
          : 0,
        loadingTokens: loading ? loadingTokens(bodies) : 0,
        toolResultTokens: toolResultTokens(bodies),
      };
    };
    return {
      id: scenario.id,
      title: scenario.title,
      turns: scenario.turns.length,
      arms: Object.fromEntries(
        CACHE_ARMS.map((which) => [which, arm(which)]),
      ) as Record<CacheArm, ArmFigures>,
    };
  });
  const sum = (which: CacheArm, list: readonly MeasuredChat[]): ArmFigures =>
    list.map((chat) => chat.arms[which]).reduce(addArmFigures, NO_ARM_FIGURES);
  const evalChats = chats.filter((chat) => chat.id !== LONG_CHAT_SCENARIO.id);
  return {
    docmostToolTokens: DOCMOST_TOOLS_TOTAL_TOKENS,
    persona: persona!.id,
    chats,
    evalChats: Object.fromEntries(
      CACHE_ARMS.map((which) => [which, sum(which, evalChats)]),
    ) as Record<CacheArm, ArmFigures>,
  };
}

const NO_ARM_FIGURES: ArmFigures = {
  requests: 0,
  inputTokens: 0,
  cachedTokens: 0,
  cachedFromEarlierChatsTokens: 0,
  freshTokens: 0,
  pricedInputTokens: { 10: 0, 25: 0, 50: 0 },
  completed: true,
  loadedDefinitionTokens: 0,
  loadingTokens: 0,
  toolResultTokens: 0,
};

function addArmFigures(left: ArmFigures, right: ArmFigures): ArmFigures {
  return {
    ...addChatCacheFigures(left, right),
    completed: left.completed && right.completed,
    loadedDefinitionTokens:
      left.loadedDefinitionTokens + right.loadedDefinitionTokens,
    loadingTokens: left.loadingTokens + right.loadingTokens,
    toolResultTokens: left.toolResultTokens + right.toolResultTokens,
  };
}
