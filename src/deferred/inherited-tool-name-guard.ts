import type { LanguageModel, LanguageModelMiddleware } from 'ai';
import {
  isWrappable,
  wrapped,
  type ModelStreamPart,
  type StepSettings,
  type WrappableModel,
} from './step-model-wrapping';

type ContentPart = Awaited<
  ReturnType<WrappableModel['doGenerate']>
>['content'][number];

/**
 * A name every plain object answers through its prototype: `constructor`, `toString`,
 * `__proto__`, `hasOwnProperty`, …
 */
export function isInheritedName(name: string): boolean {
  return Reflect.has(Object.prototype, name);
}

/**
 * What a call of an inherited name becomes: a name no tool has (registry tools are camelCase,
 * external ones `<prefix>_<tool>`), which the SDK reports to the model as an unavailable tool.
 */
export function notAToolName(name: string): string {
  return `${name}-is-not-a-tool`;
}

function renamed<Part extends { type: string }>(part: Part): Part {
  if (part.type !== 'tool-call' && part.type !== 'tool-input-start')
    return part;
  const { toolName } = part as Part & { toolName: string };
  return isInheritedName(toolName)
    ? { ...part, toolName: notAToolName(toolName) }
    : part;
}

/**
 * The AI SDK finds a called tool as `tools[toolName]`, and a step's tools are a plain object
 * (`activeTools` filters them with `Object.fromEntries`): a model calling `constructor`,
 * `toString` or `__proto__` gets `Object`'s own member as its "tool", which has no `execute`,
 * so the call is left for a client that never answers and the turn ends silently. The model's
 * calls of such names are renamed before the SDK reads them, so they fail as any unknown tool
 * does: an error result the model reads, and the turn goes on.
 */
const INHERITED_TOOL_NAME_GUARD: LanguageModelMiddleware = {
  specificationVersion: 'v3',
  wrapGenerate: async ({ doGenerate }) => {
    const result = await doGenerate();
    return {
      ...result,
      content: result.content.map((part: ContentPart) => renamed(part)),
    };
  },
  wrapStream: async ({ doStream }) => {
    const result = await doStream();
    return {
      ...result,
      stream: result.stream.pipeThrough(
        new TransformStream<ModelStreamPart, ModelStreamPart>({
          transform(part, controller) {
            controller.enqueue(renamed(part));
          },
        }),
      ),
    };
  },
};

const guarded = new WeakMap<object, LanguageModel>();

/**
 * `model` with the guard above, the same wrapper for the same model. A model given by id (a
 * string the SDK resolves through its provider registry) or of another specification version
 * is returned as it is: `undefined` then, and the step keeps its model.
 */
export function withInheritedToolNameGuard(
  model: LanguageModel,
): LanguageModel | undefined {
  if (!isWrappable(model)) return undefined;
  const known = guarded.get(model);
  if (known !== undefined) return known;
  const guardedModel = wrapped(model, INHERITED_TOOL_NAME_GUARD);
  guarded.set(model, guardedModel);
  return guardedModel;
}

/**
 * The step's settings with its model (the host's choice for the step, or the turn's) behind the
 * guard; the settings as they are when the model cannot be wrapped.
 */
export function withGuardedModel(
  settings: StepSettings,
  stepModel: LanguageModel,
): StepSettings {
  const model = withInheritedToolNameGuard(settings?.model ?? stepModel);
  return model === undefined ? settings : { ...settings, model };
}
