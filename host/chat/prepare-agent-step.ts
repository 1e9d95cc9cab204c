/** Appended to the system prompt of the last step, when no tool may be called any more. */
export const FINAL_STEP_INSTRUCTION = [
  '<final_step>',
  'This is your LAST step: tools are disabled now and you cannot call any. Do not ask to call a tool.',
  'Answer the user with what you have: what you found, what you changed (pages, comments, edits),',
  'what is still left to do, and anything you could not verify.',
  '</final_step>',
].join('\n');

export interface PrepareAgentStepInput {
  /** Zero-based, as `prepareStep` receives it. */
  readonly stepNumber: number;
  /** `stepCountIs(maxSteps)` ends the loop after this many steps. */
  readonly maxSteps: number;
  /** The turn's system prompt. */
  readonly system: string;
}

/** What `streamText`'s `prepareStep` returns for one step. */
export interface AgentStepSettings {
  readonly system?: string;
  readonly toolChoice?: 'none';
}

/**
 * The host's own per-step settings, the final-step lockdown: on the last step the model must
 * answer in text, so `toolChoice` is `'none'` and a synthesis instruction is appended. Which
 * tools are visible is not decided here: `DeferredToolsService.startTurn` composes this with
 * the turn's visibility, and `toolChoice: 'none'` wins over any activation (a tool loaded on
 * the way is listed but cannot be called).
 */
export function prepareAgentStep(
  input: PrepareAgentStepInput,
): AgentStepSettings {
  if (input.stepNumber < input.maxSteps - 1) return {};
  return {
    system: `${input.system}\n\n${FINAL_STEP_INSTRUCTION}`,
    toolChoice: 'none',
  };
}
