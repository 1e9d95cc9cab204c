import { wrapLanguageModel, type LanguageModel } from 'ai';
import type { SeenSignal, TurnFigures } from './chat-message-metadata';
import type { ModelCallOptions } from './model-call-options';
import { readToolResultOutput } from './tool-result-output';
import { countToolTokens, functionToolsOf } from './tool-tokens';

type ModelObject = Exclude<LanguageModel, string>;

/** `[signal]` lines in the prompt's tool results: the module appends them for the model only. */
function signalsOf(prompt: ModelCallOptions['prompt']): SeenSignal[] {
  return prompt.flatMap((message) =>
    message.role !== 'tool'
      ? []
      : message.content.flatMap((part) =>
          part.type !== 'tool-result'
            ? []
            : readToolResultOutput(part.output).signals.map((line) => ({
                toolCallId: part.toolCallId,
                toolName: part.toolName,
                line,
              })),
        ),
  );
}

/**
 * The turn's model behind a middleware that watches what each call sends the provider: the
 * tool definitions (after `activeTools` and the deferred tools' filtering), counted for the
 * turn's figures, and the `[signal]` lines the tool results carry, reported once each as the
 * model first reads them (the UI stream itself carries the raw tool outputs, without them).
 */
export function observeTurnModel(
  model: ModelObject,
  onSignal: (signal: SeenSignal) => void,
): { readonly model: ModelObject; figures(): TurnFigures } {
  let modelRequests = 0;
  let toolTokens = 0;
  let toolsActive = 0;
  const reported = new Set<string>();
  const observe = (params: ModelCallOptions) => {
    const sent = functionToolsOf(params.tools);
    modelRequests += 1;
    toolTokens += countToolTokens(sent);
    toolsActive = sent.length;
    for (const signal of signalsOf(params.prompt)) {
      const key = `${signal.toolCallId}\n${signal.line}`;
      if (reported.has(key)) continue;
      reported.add(key);
      onSignal(signal);
    }
  };
  const wrapped = wrapLanguageModel({
    model: model as Parameters<typeof wrapLanguageModel>[0]['model'],
    middleware: {
      specificationVersion: 'v3',
      wrapStream: ({ doStream, params }) => {
        observe(params);
        return doStream();
      },
      wrapGenerate: ({ doGenerate, params }) => {
        observe(params);
        return doGenerate();
      },
    },
  });
  return {
    model: wrapped,
    figures: () => ({ modelRequests, toolTokens, toolsActive }),
  };
}
