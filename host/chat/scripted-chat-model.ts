import type { LanguageModel } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import type { ModelCallOptions } from './model-call-options';
import { scriptedStream } from './scripted-stream';
import { readToolResultOutput } from './tool-result-output';

type PromptMessage = ModelCallOptions['prompt'][number];

/** The model id the scripted agent reports; the web app shows it as "scripted agent". */
export const SCRIPTED_MODEL_ID = 'scripted-agent';

/** What the scripted agent writes into the page: the user's message, shortened. */
const NOTE_PREFIX = 'Note from the scripted agent: ';
const MAX_NOTE_CHARS = 200;

/** One decision of the scripted agent: call one tool, or answer in words (the turn ends). */
type Decision =
  | { readonly toolName: string; readonly input: unknown }
  | { readonly text: string };

interface SeenResult {
  readonly toolName: string;
  readonly isError: boolean;
  readonly value: unknown;
}

function textOf(message: PromptMessage): string {
  if (typeof message.content === 'string') return message.content;
  return message.content
    .map((part) => (part.type === 'text' ? part.text : ''))
    .join('');
}

/** The tool results of the current turn (after the last user message), oldest first. */
function resultsOfTurn(prompt: ModelCallOptions['prompt']): SeenResult[] {
  const lastUser = prompt.findLastIndex((message) => message.role === 'user');
  const results: SeenResult[] = [];
  for (const message of prompt.slice(lastUser + 1)) {
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type !== 'tool-result') continue;
      const { text, isError } = readToolResultOutput(part.output);
      let value: unknown = text;
      try {
        // A result's own text is its first line: JSON, or plain words (an error).
        value = JSON.parse(text.split('\n')[0]!) as unknown;
      } catch {
        // Plain text: kept as it is.
      }
      results.push({ toolName: part.toolName, isError, value });
    }
  }
  return results;
}

function note(message: string): string {
  const line = message.replace(/\s+/g, ' ').trim();
  const short =
    line.length > MAX_NOTE_CHARS
      ? `${line.slice(0, MAX_NOTE_CHARS - 1)}…`
      : line;
  return `${NOTE_PREFIX}${short}`;
}

const LABEL =
  '(Scripted agent: set AI_BASE_URL and AI_MODEL to talk to a real model.)';

/**
 * The scripted agent's policy, one step at a time from what the step was sent: read the open
 * page, load `insertNode` when it is deferred (absent, or a stub), append the user's message to the page as a
 * paragraph, then say what it did. Deterministic, so a person (or a browser test) can watch a
 * whole turn of tool calls on a live page without a model.
 */
export function decideScriptedStep(options: ModelCallOptions): Decision {
  const userMessage = options.prompt.findLast(
    (message) => message.role === 'user',
  );
  const message = userMessage ? textOf(userMessage) : '';
  const results = resultsOfTurn(options.prompt);
  const latest = (toolName: string) =>
    results.findLast((result) => result.toolName === toolName);
  const available = new Set((options.tools ?? []).map((tool) => tool.name));
  if (options.toolChoice?.type === 'none' || available.size === 0)
    return { text: `I stopped here: this was my last step. ${LABEL}` };

  const page = latest('getCurrentPage');
  if (page === undefined) return { toolName: 'getCurrentPage', input: {} };
  if (page.isError)
    return {
      text: `I can only work on an open page: open one and ask again. ${LABEL}`,
    };
  const { id, title } = page.value as { id?: string; title?: string };
  const inserted = latest('insertNode');
  if (inserted !== undefined)
    return inserted.isError
      ? { text: `Adding the note failed: ${String(inserted.value)} ${LABEL}` }
      : {
          text: `I added your message as a note at the end of “${title ?? 'the page'}”. ${LABEL}`,
        };
  // Deferred: not in the list (`tool-list`), or in it as a stub without its description
  // (`in-conversation`), whose definition a loadTools result gives.
  const insertNodeTool = (options.tools ?? []).find(
    (tool) => tool.name === 'insertNode',
  );
  const deferred =
    insertNodeTool === undefined ||
    (insertNodeTool.type === 'function' &&
      insertNodeTool.description === undefined);
  if (deferred && latest('loadTools') === undefined)
    return { toolName: 'loadTools', input: { names: ['insertNode'] } };
  if (!available.has('insertNode'))
    return { text: `insertNode could not be loaded. ${LABEL}` };
  return {
    toolName: 'insertNode',
    input: {
      pageId: id,
      position: 'append',
      node: {
        type: 'paragraph',
        content: [{ type: 'text', text: note(message) }],
      },
    },
  };
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (ms === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });
}

export interface ScriptedChatModelOptions {
  /** Pause before each step, so a person can watch the calls (and comment meanwhile); default 0. */
  readonly stepDelayMs?: number;
}

/**
 * The reference host's chat model when no real one is configured: `decideScriptedStep` as a
 * language model (the AI SDK's `MockLanguageModelV3`), so the chat route, the tools, deferred
 * loading and the comment signal all run for real.
 */
export function createScriptedChatModel(
  options: ScriptedChatModelOptions = {},
): LanguageModel {
  let steps = 0;
  return new MockLanguageModelV3({
    provider: 'scripted',
    modelId: SCRIPTED_MODEL_ID,
    doStream: async (callOptions) => {
      await pause(options.stepDelayMs ?? 0, callOptions.abortSignal);
      const decision = decideScriptedStep(callOptions);
      const step = steps++;
      return {
        stream: scriptedStream(
          'text' in decision
            ? { text: decision.text }
            : {
                toolCalls: [
                  {
                    toolCallId: `scripted_${step}_${Date.now().toString(36)}`,
                    ...decision,
                  },
                ],
              },
        ),
      };
    },
  });
}
