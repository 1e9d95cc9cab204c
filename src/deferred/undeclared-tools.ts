import {
  wrapLanguageModel,
  type LanguageModel,
  type LanguageModelMiddleware,
  type PrepareStepResult,
  type ToolSet,
} from 'ai';

type LanguageModelV3 = Parameters<typeof wrapLanguageModel>[0]['model'];

/**
 * A middleware that leaves the named tools out of the request the provider receives, while the
 * SDK keeps them in the step's tool set: a call of one is still parsed, checked and run as any
 * other. `in-conversation-without-stubs` loading (`tool-loading.ts`) leaves out every deferred
 * tool, so the request declares only the core tools and `loadTools`, and the model calls a
 * loaded tool from the definition its `loadTools` result carried.
 *
 * A forced `toolChoice` naming a left-out tool keeps it declared: a provider refuses a choice of
 * a tool the request does not have.
 */
function leavingOut(names: ReadonlySet<string>): LanguageModelMiddleware {
  return {
    specificationVersion: 'v3',
    transformParams: async ({ params }) => {
      if (params.tools === undefined) return params;
      const chosen =
        params.toolChoice?.type === 'tool'
          ? params.toolChoice.toolName
          : undefined;
      const tools = params.tools.filter(
        (tool) =>
          tool.type !== 'function' ||
          !names.has(tool.name) ||
          tool.name === chosen,
      );
      return { ...params, tools };
    },
  };
}

/**
 * The step's settings with its model leaving `names` out of every request. A model given by id
 * (a string) or of another specification version cannot be wrapped: the settings are returned
 * as they are, and the tools stay declared (`in-conversation` loading, which works everywhere).
 */
export function withUndeclaredTools(
  settings: PrepareStepResult<ToolSet> | undefined,
  names: ReadonlySet<string>,
): PrepareStepResult<ToolSet> | undefined {
  const model = settings?.model;
  if (names.size === 0 || !isWrappable(model)) return settings;
  return {
    ...settings,
    model: wrapLanguageModel({ model, middleware: leavingOut(names) }),
  };
}

function isWrappable(
  model: LanguageModel | undefined,
): model is LanguageModelV3 {
  return (
    typeof model === 'object' &&
    model !== null &&
    (model as { specificationVersion?: unknown }).specificationVersion === 'v3'
  );
}
