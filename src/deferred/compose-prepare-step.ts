import type { PrepareStepFunction, PrepareStepResult, ToolSet } from 'ai';
import type { SentStep } from './chat-turn-hooks';
import { withGuardedModel } from './inherited-tool-name-guard';

/** The tools visible on the next step; `undefined` when every tool stays active (deferred tools OFF). */
export type VisibleToolNames = () => readonly string[] | undefined;

/**
 * `streamText`'s `prepareStep` for one turn: the host's own `prepareStep` first, then the
 * turn's tool visibility. The host decides what it cares about: when it returns `activeTools`
 * (Docmost's final-step lockdown: none, or a restricted list) its answer wins as it is, since a
 * lockdown must never be widened by a tool loaded on the way. Otherwise the turn's visible tools
 * apply, and every other field the host returned (`system`, `toolChoice`, `messages`, `model`…)
 * is kept. With deferred tools OFF the host's answer is returned untouched, so the request is
 * exactly what the host alone would send.
 *
 * Visibility is read after the host's call, at the step itself: tools loaded by the previous
 * step's `loadTools` are visible on this one.
 */
export function composePrepareStep(
  visibleToolNames: VisibleToolNames,
  hostPrepareStep?: PrepareStepFunction<ToolSet>,
): PrepareStepFunction<ToolSet> {
  return async (options): Promise<PrepareStepResult<ToolSet>> => {
    const hostSettings =
      hostPrepareStep === undefined
        ? undefined
        : await hostPrepareStep(options);
    if (hostSettings?.activeTools !== undefined) return hostSettings;
    const visible = visibleToolNames();
    if (visible === undefined) return hostSettings;
    return { ...hostSettings, activeTools: [...visible] };
  };
}

/**
 * A turn's `prepareStep`: `composePrepareStep`, then `sent` hears each step as it is sent (its
 * tools, the host's own `activeTools`, whether it is locked down), and the step's model goes
 * behind the inherited-name guard (`inherited-tool-name-guard.ts`), deferred tools ON or OFF,
 * then through `wrapModel` when given (`undeclared-tools.ts`).
 */
export function reportingPrepareStep(
  visibleToolNames: VisibleToolNames,
  hostPrepareStep: PrepareStepFunction<ToolSet> | undefined,
  sent: (step: SentStep) => void,
  wrapModel?: (
    settings: PrepareStepResult<ToolSet> | undefined,
  ) => PrepareStepResult<ToolSet> | undefined,
): PrepareStepFunction<ToolSet> {
  let hostActiveTools: readonly string[] | undefined;
  const composed = composePrepareStep(
    visibleToolNames,
    hostPrepareStep === undefined
      ? undefined
      : async (options) => {
          const answer = await hostPrepareStep(options);
          hostActiveTools = answer?.activeTools;
          return answer;
        },
  );
  return async (options) => {
    const settings = await composed(options);
    sent({
      activeTools: settings?.activeTools,
      hostActiveTools,
      lockedDown: settings?.toolChoice === 'none',
    });
    const guarded = withGuardedModel(settings, options.model);
    return wrapModel === undefined ? guarded : wrapModel(guarded);
  };
}
