import { wrapLanguageModel, type LanguageModel } from 'ai';
import { countToolTokens, functionToolsOf } from './tool-tokens';

/** What one chat turn sent the model, for the client to show beside the answer. */
export interface TurnFigures {
  /** Model calls of the turn (one per step). */
  readonly modelRequests: number;
  /** Tokens of the tool definitions sent, summed over the turn's model calls (o200k_base). */
  readonly toolTokens: number;
  /** Tools sent on the turn's last model call. */
  readonly toolsActive: number;
}

type ModelObject = Exclude<LanguageModel, string>;

/**
 * The turn's model behind a middleware that counts each call's tool definitions as the
 * provider receives them (after `activeTools` and the deferred tools' filtering).
 */
export function withTurnFigures(model: ModelObject): {
  readonly model: ModelObject;
  figures(): TurnFigures;
} {
  let modelRequests = 0;
  let toolTokens = 0;
  let toolsActive = 0;
  const record = (tools: Parameters<typeof functionToolsOf>[0]) => {
    const sent = functionToolsOf(tools);
    modelRequests += 1;
    toolTokens += countToolTokens(sent);
    toolsActive = sent.length;
  };
  const wrapped = wrapLanguageModel({
    model: model as Parameters<typeof wrapLanguageModel>[0]['model'],
    middleware: {
      specificationVersion: 'v3',
      wrapStream: ({ doStream, params }) => {
        record(params.tools);
        return doStream();
      },
      wrapGenerate: ({ doGenerate, params }) => {
        record(params.tools);
        return doGenerate();
      },
    },
  });
  return {
    model: wrapped,
    figures: () => ({ modelRequests, toolTokens, toolsActive }),
  };
}
