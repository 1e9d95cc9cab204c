import { randomUUID } from 'node:crypto';
import type { DocmostSession } from './docmost-api';
import type { ChatCompletionsBody } from '../../dev/chat-completions/chat-completions';
import type { AnswerSource } from '../../dev/chat-completions/chat-completions-server';
import { chatTurn, type StandInModel } from './stand-in-model';

/**
 * The agent, asked in Docmost's own chat (`POST /api/ai-chat/stream`, the person's cookie), with
 * the stand-in model scripted to call the tools: Docmost builds the turn with the README's
 * chat-service lines, so the calls run as the package's tools do for that person in Docmost.
 */

/** One tool call of the turn, as the chat's UI message stream reports it. */
export interface ToolCallOutcome {
  readonly toolName: string;
  readonly input: unknown;
  /** The tool's result, when it succeeded. */
  readonly output?: unknown;
  /** The error the model read, when it failed. */
  readonly errorText?: string;
}

export interface AgentTurn {
  /** The chat Docmost stored the turn in (`ai_chats.id`). */
  readonly chatId?: string;
  readonly tools: readonly ToolCallOutcome[];
  /** From the request to the end of the stream. */
  readonly milliseconds: number;
  /** The stream's events, for an error message. */
  readonly events: readonly unknown[];
}

interface StreamEvent {
  readonly type?: string;
  readonly toolCallId?: string;
  readonly toolName?: string;
  readonly input?: unknown;
  readonly output?: unknown;
  readonly errorText?: string;
}

/**
 * The answers of one turn's steps, in order, then "Done.". Only requests that send tools are
 * steps of the turn: Docmost also asks the model for a new chat's title (no tools) after the
 * turn, which may arrive while the next turn runs; it gets a title and takes no step's answer.
 */
function scriptedSteps(
  steps: readonly (readonly {
    name: string;
    arguments: unknown;
    id: string;
  }[])[],
): AnswerSource {
  const left = [...steps];
  return async (body: ChatCompletionsBody) => {
    if (body.tools === undefined || body.tools.length === 0)
      return { text: 'A chat title' };
    const step = left.shift();
    return step === undefined ? { text: 'Done.' } : { toolCalls: step };
  };
}

/**
 * One chat turn in which the model calls `calls` (all in its first step, or one step each with
 * `stepByStep`), then answers "Done.". Resolves once the stream ended.
 */
export async function agentTurn(
  session: DocmostSession,
  model: StandInModel,
  turn: {
    readonly calls: readonly {
      readonly name: string;
      readonly arguments: unknown;
    }[];
    readonly stepByStep?: boolean;
    readonly chatId?: string;
    readonly openPageId?: string;
  },
): Promise<AgentTurn> {
  const toolCalls = turn.calls.map((call, index) => ({
    ...call,
    id: `call_${index}_${randomUUID().slice(0, 8)}`,
  }));
  model.clearRequests();
  model.answerWith(
    scriptedSteps(
      turn.stepByStep ? toolCalls.map((call) => [call]) : [toolCalls],
    ),
  );
  const started = performance.now();
  const { events, chatId } = await chatTurn(session, {
    text: 'Please do it.',
    chatId: turn.chatId,
    openPageId: turn.openPageId,
  });
  const milliseconds = performance.now() - started;
  const byCall = new Map<
    string,
    { toolName: string; input: unknown; output?: unknown; errorText?: string }
  >();
  for (const event of events as StreamEvent[]) {
    const id = event.toolCallId;
    if (id === undefined) continue;
    if (event.type === 'tool-input-available')
      byCall.set(id, { toolName: String(event.toolName), input: event.input });
    else if (event.type === 'tool-output-available')
      byCall.get(id)!.output = event.output;
    else if (event.type === 'tool-output-error')
      byCall.get(id)!.errorText = event.errorText;
  }
  return { chatId, tools: [...byCall.values()], milliseconds, events };
}

/** The turn's only tool call; throws with the turn's events when it did not run exactly one. */
export function onlyCall(turn: AgentTurn): ToolCallOutcome {
  if (turn.tools.length !== 1)
    throw new Error(
      `expected one tool call in the chat turn, got ${turn.tools.length}; events: ${JSON.stringify(turn.events).slice(0, 1500)}`,
    );
  return turn.tools[0];
}
