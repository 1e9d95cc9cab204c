import type { RunFigures } from './run-figures';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/database';
import type { ConversationView } from './conversation-view';

/** What a scripted persona means to do next in a turn; the persona decides how it goes about it. */
export type Intent =
  | { readonly call: { readonly toolName: string; readonly input: unknown } }
  | { readonly answer: string };

/**
 * The scripted personas' way through one turn: from what the request carries (mostly the
 * successful results of this turn), the next call or the final answer. Real models ignore it.
 */
export type TurnPlan = (view: ConversationView) => Intent;

/** Rows and people of the freshly seeded database a scenario runs on. */
export interface ScenarioDatabase {
  readonly db: Kysely<DB>;
  /** The user the agent acts for (member@acme.test, a writer in the Product space). */
  readonly agentUserId: string;
  /** A second person of the workspace (admin@acme.test), who comments as a human would. */
  readonly humanUserId: string;
}

export interface ScenarioTurn {
  readonly message: string;
  /** The page open next to the chat, if any. */
  readonly pageId?: string;
  readonly plan: TurnPlan;
  /**
   * Runs before the host's model request number `requestIndex` (from 0) of this turn is
   * answered: how a scenario makes something happen in the middle of a turn, for any model.
   */
  readonly beforeModelRequest?: (
    requestIndex: number,
    database: ScenarioDatabase,
  ) => Promise<void>;
}

/** What a scenario's check reads besides the database. */
export interface CheckInput extends ScenarioDatabase {
  /** The chat the turns ran in. */
  readonly chatId: string;
  /** What each turn that ran cost and did (requests, loadTools calls…), in order. */
  readonly turns: readonly RunFigures[];
  /** Calls the suite's external MCP server served during the run. */
  readonly externalCalls: readonly {
    readonly name: string;
    readonly arguments: unknown;
  }[];
}

export interface CheckResult {
  readonly passed: boolean;
  /** What was found: why it passed, or what is wrong. */
  readonly detail: string;
}

export interface Scenario {
  /** Kebab-case, for `--only`. */
  readonly id: string;
  readonly title: string;
  readonly turns: readonly ScenarioTurn[];
  /** Tools a careful agent needs besides the core tier (the loading persona loads them at once). */
  readonly toolsNeeded: readonly string[];
  /** The end state that counts as done, read from the database: the scenario's only verdict. */
  check(input: CheckInput): Promise<CheckResult>;
}

export function passed(detail: string): CheckResult {
  return { passed: true, detail };
}

export function failed(detail: string): CheckResult {
  return { passed: false, detail };
}

/** A check made of several conditions: passes when all pass, and names the first that does not. */
export function allOf(results: readonly CheckResult[]): CheckResult {
  const failure = results.find((result) => !result.passed);
  return failure ?? passed(results.map((result) => result.detail).join('; '));
}
