import type { ModelAnswer } from '../chat-completions/chat-completions';
import { catalogNames, type ConversationView } from './conversation-view';
import { EvalError } from './eval-error';
import type { Scenario, TurnPlan } from './scenario';

export type PersonaId =
  'loader' | 'direct-caller' | 'misspeller' | 'cautious' | 'idle' | 'refuser';

/**
 * A scripted stand-in for a model, reproducing one known behaviour with deferred tools. It
 * decides only from what the request carries (active tools, system prompt, results of the
 * turn); the scenario's plan says what it wants done next, the persona how it goes about it.
 */
export interface Persona {
  readonly id: PersonaId;
  readonly description: string;
  answer(
    view: ConversationView,
    turn: { readonly plan: TurnPlan; readonly scenario: Scenario },
  ): ModelAnswer;
}

const LOAD_TOOLS = 'loadTools';

function call(name: string, input: unknown): ModelAnswer {
  return { toolCalls: [{ name, arguments: input }] };
}

/** Whether the turn already made this exact call twice: a persona about to repeat it gives up instead of looping. */
function wouldLoop(
  view: ConversationView,
  name: string,
  input: unknown,
): boolean {
  const key = JSON.stringify(input);
  return (
    view.turnCalls.filter(
      (made) => made.name === name && JSON.stringify(made.input) === key,
    ).length >= 2
  );
}

/** A tool name as a model half-remembers it: snake_case for a camelCase name, otherwise one letter short. */
export function misspell(name: string): string {
  const snake = name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
  return snake !== name ? snake : name.slice(0, -1);
}

type Approach = (
  view: ConversationView,
  wanted: { readonly toolName: string; readonly input: unknown },
  scenario: Scenario,
) => ModelAnswer;

function persona(
  id: PersonaId,
  description: string,
  approach: Approach,
  giveUp: (toolName: string) => string,
): Persona {
  return {
    id,
    description,
    answer(view, { plan, scenario }) {
      const intent = plan(view);
      if ('answer' in intent) return { text: intent.answer };
      if (view.toolsLocked)
        return { text: 'I ran out of steps before finishing.' };
      const next = approach(view, intent.call, scenario);
      const made = next.toolCalls?.[0];
      if (made !== undefined && wouldLoop(view, made.name, made.arguments))
        return { text: giveUp(intent.call.toolName) };
      return next;
    },
  };
}

const loader = persona(
  'loader',
  'loads before use: a tool it needs that is not active is loaded with loadTools, together with the other tools the task needs, by the names the <tool_catalog> gives (none there: it cannot name them, and says so)',
  (view, wanted, scenario) => {
    if (view.activeToolNames.includes(wanted.toolName))
      return call(wanted.toolName, wanted.input);
    if (!catalogNames(view, wanted.toolName))
      return {
        text: `I can't do this: I have no tool for it (nothing like ${wanted.toolName} is available).`,
      };
    const names = [
      wanted.toolName,
      ...scenario.toolsNeeded.filter(
        (name) =>
          name !== wanted.toolName && !view.activeToolNames.includes(name),
      ),
    ];
    return call(LOAD_TOOLS, { names });
  },
  (toolName) => `I could not finish: ${toolName} kept failing.`,
);

const directCaller = persona(
  'direct-caller',
  'calls deferred tools directly without loading them, as if every tool were active',
  (_view, wanted) => call(wanted.toolName, wanted.input),
  // What a model says after "unavailable tool" errors: a missing capability.
  (toolName) => `I can't do this: the tool ${toolName} is not available to me.`,
);

const misspeller = persona(
  'misspeller',
  'misspells a tool name once per turn (snake_case for camelCase) when loading it, then takes the exact name from the error',
  (view, wanted) => {
    if (view.activeToolNames.includes(wanted.toolName))
      return call(wanted.toolName, wanted.input);
    const failedLoad = view.turnCalls.find(
      (made) =>
        made.name === LOAD_TOOLS &&
        made.result !== undefined &&
        made.result.json === undefined,
    );
    if (failedLoad === undefined)
      return call(LOAD_TOOLS, { names: [misspell(wanted.toolName)] });
    // Recovers only when the error it read spells the name out.
    if (failedLoad.result!.text.includes(wanted.toolName))
      return call(LOAD_TOOLS, { names: [wanted.toolName] });
    return {
      text: `I can't find a tool named ${misspell(wanted.toolName)}, so I cannot do this.`,
    };
  },
  (toolName) => `I could not finish: ${toolName} kept failing.`,
);

const cautious = persona(
  'cautious',
  'says "I can\'t" unless the capability is among its active tools or named in the <tool_catalog>; loads one tool at a time',
  (view, wanted) => {
    if (view.activeToolNames.includes(wanted.toolName))
      return call(wanted.toolName, wanted.input);
    if (catalogNames(view, wanted.toolName))
      return call(LOAD_TOOLS, { names: [wanted.toolName] });
    return { text: "I'm sorry, I can't do that: I don't have a tool for it." };
  },
  (toolName) => `I could not finish: ${toolName} kept failing.`,
);

export const PERSONAS: readonly Persona[] = [
  loader,
  directCaller,
  misspeller,
  cautious,
];

/**
 * The floor: a model that answers without calling any tool, and one that refuses everything.
 * Neither may complete any scenario, or a check passes by default (by the absence of a wrong
 * act). Not in the default run; `--persona idle,refuser` runs them.
 */
export const FLOOR_PERSONAS: readonly Persona[] = [
  {
    id: 'idle',
    description: 'answers at once without calling any tool',
    answer: () => ({ text: 'Sure, here you go.' }),
  },
  {
    id: 'refuser',
    description: 'answers "I can\'t" to everything',
    answer: () => ({ text: "I'm sorry, I can't do that." }),
  },
];

/** The personas named (all when none are), or an error naming the unknown ones and the valid ids. */
export function selectPersonas(
  ids: readonly string[] | undefined,
): readonly Persona[] {
  if (ids === undefined || ids.length === 0) return PERSONAS;
  const all = [...PERSONAS, ...FLOOR_PERSONAS];
  const unknown = ids.filter(
    (id) => !all.some((candidate) => candidate.id === id),
  );
  if (unknown.length > 0)
    throw new EvalError(
      `unknown persona ${unknown.map((id) => `"${id}"`).join(', ')}; valid: ${all.map((candidate) => candidate.id).join(', ')}`,
    );
  return all.filter((candidate) => ids.includes(candidate.id));
}
