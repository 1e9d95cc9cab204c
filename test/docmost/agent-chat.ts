import { randomUUID } from 'node:crypto';
import {
  parseUiMessageStream,
  type UiMessageChunk,
} from '../../dev/host-chat/ui-message-stream';
import type { StubAnswer } from '../chat/support/openai-stub-server';
import type { DocmostSession } from './docmost-api';

/**
 * The agent, asked in Docmost's own chat (`POST /api/ai-chat/stream`, the person's cookie), with
 * the loopback model scripted to call the tools: Docmost builds the turn with the README's
 * chat-service lines, so the calls run as the package's tools do for that person in Docmost.
 */

/** What the scripted model answers, one entry per step (then "Done."). */
export interface ScriptedModel {
  reset(script: StubAnswer[]): void;
  readonly baseUrl: string;
}

/** One tool call of the turn, as the chat's UI message stream reports it. */
export interface ToolCallOutcome {
  readonly toolName: string;
  readonly input: unknown;
  /** The tool's result, when it succeeded. */
  readonly output?: unknown;
  /** The error the model read, when it failed. */
  readonly errorText?: string;
}

export interface ChatTurn {
  readonly status: number;
  /** The chat Docmost stored the turn in (`ai_chats.id`). */
  readonly chatId?: string;
  readonly tools: readonly ToolCallOutcome[];
  readonly chunks: readonly UiMessageChunk[];
  /** The whole body, for an error message. */
  readonly body: string;
  /** From the request to the end of the stream. */
  readonly milliseconds: number;
}

/**
 * Points the workspace's AI at the scripted model and turns Docmost's chat on, as an owner does
 * in Docmost's AI settings (the `openai` driver, an OpenAI-compatible base URL).
 */
export async function useScriptedModel(
  owner: DocmostSession,
  model: ScriptedModel,
): Promise<void> {
  await owner.call('workspace/ai-settings/update', {
    driver: 'openai',
    chatApiStyle: 'openai-compatible',
    chatModel: 'stand-in',
    baseUrl: model.baseUrl,
    apiKey: 'stand-in-key',
  });
  await owner.call('workspace/update', { aiChat: true });
}

/**
 * One chat turn: the model calls `calls` (all in its first step, or one step each with
 * `stepByStep`), then answers "Done.". Resolves once the stream ended.
 */
export async function chatTurn(
  session: DocmostSession,
  model: ScriptedModel,
  turn: {
    readonly calls: readonly { readonly name: string; readonly arguments: unknown }[];
    readonly stepByStep?: boolean;
    readonly chatId?: string;
    readonly openPageId?: string;
    readonly message?: string;
  },
): Promise<ChatTurn> {
  const toolCalls = turn.calls.map((call, index) => ({
    ...call,
    id: `call_${index}_${randomUUID().slice(0, 8)}`,
  }));
  model.reset(
    turn.stepByStep
      ? toolCalls.map((call) => ({ toolCalls: [call] }))
      : [{ toolCalls }],
  );
  const started = performance.now();
  const response = await fetch(`${session.baseUrl}/api/ai-chat/stream`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `authToken=${session.authToken}`,
    },
    body: JSON.stringify({
      ...(turn.chatId === undefined ? {} : { chatId: turn.chatId }),
      openPage: turn.openPageId === undefined ? null : { id: turn.openPageId },
      messages: [
        {
          id: randomUUID(),
          role: 'user',
          parts: [{ type: 'text', text: turn.message ?? 'Please do it.' }],
        },
      ],
    }),
  });
  const body = await response.text();
  const milliseconds = performance.now() - started;
  const chunks = response.ok ? parseUiMessageStream(body) : [];
  const byCall = new Map<string, { toolName: string; input: unknown; output?: unknown; errorText?: string }>();
  let chatId: string | undefined;
  for (const chunk of chunks) {
    const metadata = chunk.messageMetadata as { chatId?: string } | undefined;
    if (typeof metadata?.chatId === 'string') chatId = metadata.chatId;
    const id = chunk.toolCallId as string | undefined;
    if (id === undefined) continue;
    if (chunk.type === 'tool-input-available')
      byCall.set(id, { toolName: chunk.toolName as string, input: chunk.input });
    else if (chunk.type === 'tool-output-available') byCall.get(id)!.output = chunk.output;
    else if (chunk.type === 'tool-output-error')
      byCall.get(id)!.errorText = chunk.errorText as string;
  }
  return { status: response.status, chatId, tools: [...byCall.values()], chunks, body, milliseconds };
}

/** The turn's only tool call; throws with the turn's body when it did not run exactly one. */
export function onlyCall(turn: ChatTurn): ToolCallOutcome {
  if (turn.status !== 200 || turn.tools.length !== 1)
    throw new Error(
      `expected one tool call in the chat turn; status ${turn.status}, ${turn.tools.length} calls; body: ${turn.body.slice(0, 1500)}`,
    );
  return turn.tools[0];
}
