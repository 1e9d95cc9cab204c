import { EvalError } from '../eval-error';
import type { Scenario } from '../scenario';
import { CONVERSATION_SCENARIOS } from './conversation-scenarios';
import { EDITING_SCENARIOS } from './editing-scenarios';
import { PAGE_SCENARIOS } from './page-scenarios';

/** Every scenario of the suite, in the order it runs them. */
export const SCENARIOS: readonly Scenario[] = [
  ...EDITING_SCENARIOS,
  ...PAGE_SCENARIOS,
  ...CONVERSATION_SCENARIOS,
];

/** The scenarios named (all when none are), or an error naming the unknown ids and the valid ones. */
export function selectScenarios(
  ids: readonly string[] | undefined,
): readonly Scenario[] {
  if (ids === undefined || ids.length === 0) return SCENARIOS;
  const unknown = ids.filter(
    (id) => !SCENARIOS.some((scenario) => scenario.id === id),
  );
  if (unknown.length > 0) {
    throw new EvalError(
      `unknown scenario ${unknown.map((id) => `"${id}"`).join(', ')}; valid: ${SCENARIOS.map((scenario) => scenario.id).join(', ')}`,
    );
  }
  return SCENARIOS.filter((scenario) => ids.includes(scenario.id));
}
