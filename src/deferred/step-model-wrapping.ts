import {
  wrapLanguageModel,
  type LanguageModel,
  type LanguageModelMiddleware,
  type PrepareStepResult,
  type ToolSet,
} from 'ai';

/**
 * What the two model middlewares of a turn share (the inherited-tool-name guard and leaving
 * undeclared tools out of the request): which models can be wrapped, and the wrapping itself.
 */

/** A model object of the specification version the middlewares are written for. */
export type WrappableModel = Parameters<typeof wrapLanguageModel>[0]['model'];

/** One part of a wrappable model's stream. */
export type ModelStreamPart =
  Awaited<
    ReturnType<WrappableModel['doStream']>
  >['stream'] extends ReadableStream<infer Part>
    ? Part
    : never;

/** A step's settings as `prepareStep` returns them. */
export type StepSettings = PrepareStepResult<ToolSet> | undefined;

/**
 * A model given by id (a string the SDK resolves through its provider registry) or of another
 * specification version cannot be wrapped.
 */
export function isWrappable(
  model: LanguageModel | undefined,
): model is WrappableModel {
  return (
    typeof model === 'object' &&
    model !== null &&
    (model as { specificationVersion?: unknown }).specificationVersion === 'v3'
  );
}

export function wrapped(
  model: WrappableModel,
  middleware: LanguageModelMiddleware,
): LanguageModel {
  return wrapLanguageModel({ model, middleware });
}
