import type { ToolCallContext } from './tool-call-context';
import type { AnyToolSpec } from './tool-spec';

/** One validated call of a bound tool, as interceptors see it. */
export interface ToolInvocation {
  readonly spec: AnyToolSpec;
  /** The input after schema validation (what the executor receives). */
  readonly input: unknown;
  readonly context: ToolCallContext;
}

/**
 * What a call produced. `output` is the executor's raw result, never modified by an
 * interceptor; `notices` are extra content elements the surface appends AFTER the result
 * (the comment signal's `[signal] ...` lines), never mixed into it.
 */
export interface ToolOutcome {
  readonly output: unknown;
  readonly notices: readonly string[];
}

/**
 * Wraps every executor on both surfaces, once (no per-tool code). Must call `next` at most
 * once and return its outcome, optionally with notices appended. An error thrown by `next`
 * propagates unchanged.
 */
export type ToolInterceptor = (
  invocation: ToolInvocation,
  next: () => Promise<ToolOutcome>,
) => Promise<ToolOutcome>;
