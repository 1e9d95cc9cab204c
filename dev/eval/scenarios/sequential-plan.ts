import {
  latestSuccess,
  type ConversationView,
  type ViewedResult,
} from '../conversation-view';
import type { TurnPlan } from '../scenario';

/** One planned tool call; its input may depend on earlier results of the turn. */
export interface PlannedCall {
  readonly toolName: string;
  readonly input: unknown | ((view: ConversationView) => unknown);
  /**
   * Whether a result means the call worked. Default: a JSON result (registry tools answer JSON,
   * errors reach the model as plain text). Tools that answer plain text say what success reads like.
   */
  readonly succeeded?: (result: ViewedResult) => boolean;
}

function isJson(result: ViewedResult): boolean {
  return result.json !== undefined;
}

/**
 * A plan that makes its calls in order: a call counts as done once the turn holds a successful
 * result for it (the n-th call of a tool needs n successful results of that tool), so detours
 * a persona takes (loading, a misspelled name, a repaired call) never derail it. Then it answers.
 */
export function sequentialPlan(
  calls: readonly PlannedCall[],
  answer: string | ((view: ConversationView) => string),
): TurnPlan {
  return (view) => {
    const seen = new Map<string, number>();
    for (const call of calls) {
      const index = seen.get(call.toolName) ?? 0;
      seen.set(call.toolName, index + 1);
      const succeeded = call.succeeded ?? isJson;
      const done = view.turnCalls.filter(
        (made) =>
          made.name === call.toolName &&
          made.result !== undefined &&
          succeeded(made.result),
      ).length;
      if (done > index) continue;
      const input =
        typeof call.input === 'function'
          ? (call.input as (view: ConversationView) => unknown)(view)
          : call.input;
      return { call: { toolName: call.toolName, input } };
    }
    return { answer: typeof answer === 'function' ? answer(view) : answer };
  };
}

/** The JSON result of a tool's newest successful call of the turn; `{}` before there is one. */
export function resultOf<T>(
  view: ConversationView,
  toolName: string,
): Partial<T> {
  return (latestSuccess(view, toolName)?.result?.json ?? {}) as Partial<T>;
}
