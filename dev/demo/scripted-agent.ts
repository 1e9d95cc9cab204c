import { MockLanguageModelV3 } from 'ai/test';
import { scriptedStream } from '../../host/chat/scripted-stream';
import { DemoError } from './demo-error';
import {
  viewModelCall,
  type ModelCallOptions,
  type ModelCallView,
  type SeenToolResult,
} from './model-call-view';

/** One tool call the scripted agent makes. */
export interface AgentToolCall {
  readonly toolName: string;
  readonly input: unknown;
}

/** The scripted agent's answer for one step: tool calls (the turn goes on) or text (it ends). */
export interface AgentReply {
  readonly text?: string;
  readonly toolCalls?: readonly AgentToolCall[];
  /** What happened outside the agent before this step (a human's comment), for the transcript. */
  readonly events?: readonly string[];
}

/** What a step of the script sees: what the model was sent, plus lookups into the results. */
export interface AgentStepInput extends ModelCallView {
  readonly stepNumber: number;
  /** The newest result of a tool; throws when there is none or it is an error. */
  latest(toolName: string): SeenToolResult;
  /** The newest result of a tool, parsed as JSON; throws when there is none or it is not JSON. */
  latestJson<T>(toolName: string): T;
}

/** One step of the script: decides the reply from what the step was sent. */
export type AgentStep = (
  input: AgentStepInput,
) => AgentReply | Promise<AgentReply>;

/** One step as it happened: what the model was sent and what it answered. */
export interface RecordedAgentStep {
  readonly stepNumber: number;
  readonly callOptions: ModelCallOptions;
  readonly view: ModelCallView;
  readonly events: readonly string[];
  readonly text?: string;
  readonly toolCalls: readonly (AgentToolCall & {
    readonly toolCallId: string;
  })[];
}

export interface ScriptedAgent {
  /** The model to hand to the chat; it plays the script one step per model call. */
  readonly model: MockLanguageModelV3;
  /** The steps played so far, in order. */
  readonly steps: readonly RecordedAgentStep[];
}

function stepInput(
  stepNumber: number,
  view: ModelCallView,
  label: string,
): AgentStepInput {
  const latest = (toolName: string): SeenToolResult => {
    const result = view.results
      .filter((candidate) => candidate.toolName === toolName)
      .at(-1);
    if (result === undefined)
      throw new DemoError(
        `${label}, step ${stepNumber}: the agent expected a ${toolName} result and got none`,
      );
    if (result.isError)
      throw new DemoError(
        `${label}, step ${stepNumber}: ${toolName} failed: ${result.text}`,
      );
    return result;
  };
  return {
    ...view,
    stepNumber,
    latest,
    latestJson<T>(toolName: string): T {
      const { text } = latest(toolName);
      try {
        return JSON.parse(text) as T;
      } catch {
        throw new DemoError(
          `${label}, step ${stepNumber}: the ${toolName} result is not JSON: ${text.slice(0, 200)}`,
        );
      }
    },
  };
}

export interface ScriptedAgentOptions {
  /** One entry per model step, in order. */
  readonly script: readonly AgentStep[];
  /** Names the turn in errors, e.g. `turn "table-edit"`. */
  readonly label: string;
}

/**
 * A scripted agent standing in for a real model: a `MockLanguageModelV3` whose every
 * `doStream` runs the next step of the script on what that step was sent (its tools, system
 * prompt and the tool results so far) and streams the step's reply. After the script it
 * answers "Done.". A step that throws fails the model call, so the turn ends with an error.
 */
export function createScriptedAgent(
  options: ScriptedAgentOptions,
): ScriptedAgent {
  const { script, label } = options;
  const steps: RecordedAgentStep[] = [];
  const model = new MockLanguageModelV3({
    doStream: async (callOptions) => {
      const stepNumber = steps.length;
      const view = viewModelCall(callOptions);
      const step = script[stepNumber];
      const reply: AgentReply =
        step === undefined
          ? { text: 'Done.' }
          : await step(stepInput(stepNumber, view, label));
      const recorded: RecordedAgentStep = {
        stepNumber,
        callOptions,
        view,
        events: reply.events ?? [],
        ...(reply.text === undefined ? {} : { text: reply.text }),
        toolCalls: (reply.toolCalls ?? []).map((call, index) => ({
          ...call,
          toolCallId: `call_${stepNumber}_${index}`,
        })),
      };
      steps.push(recorded);
      return {
        stream: scriptedStream(recorded),
      };
    },
  });
  return { model, steps };
}
