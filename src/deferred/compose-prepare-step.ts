import type { PrepareStepFunction, PrepareStepResult, ToolSet } from 'ai';

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
