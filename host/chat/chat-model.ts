import { Inject } from '@nestjs/common';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { AiConfig } from '../config/app-config';
import { createScriptedChatModel } from './scripted-chat-model';

/**
 * Makes the chat's language model from the configuration, or `undefined` when it is
 * misconfigured (the chat then answers 503). Injectable so tests hand in a mock model.
 */
export type ChatModelFactory = (ai: AiConfig) => LanguageModel | undefined;

export const CHAT_MODEL_FACTORY = Symbol('CHAT_MODEL_FACTORY');

export const InjectChatModelFactory = (): ParameterDecorator =>
  Inject(CHAT_MODEL_FACTORY);

/** The environment variables the default factory needs, of those missing. */
export function missingModelVariables(ai: AiConfig): string[] {
  return [
    ai.baseUrl === undefined ? 'AI_BASE_URL' : undefined,
    ai.model === undefined ? 'AI_MODEL' : undefined,
  ].filter((name): name is string => name !== undefined);
}

/**
 * The default: an OpenAI-compatible chat-completions endpoint (`AI_BASE_URL`, `AI_API_KEY`,
 * `AI_MODEL`); with neither variable set, the scripted agent (see `createScriptedChatModel`),
 * so the reference host's chat works without a model.
 */
export const defaultChatModelFactory: ChatModelFactory = (ai) => {
  if (ai.baseUrl === undefined && ai.model === undefined)
    return createScriptedChatModel({ stepDelayMs: ai.scriptedStepDelayMs });
  if (ai.baseUrl === undefined || ai.model === undefined) return undefined;
  return createOpenAICompatible({
    baseURL: ai.baseUrl,
    apiKey: ai.apiKey,
    name: 'openai-compatible',
    // The streamed answer then ends with the provider's usage (`stream_options.include_usage`),
    // cached input included, for the turn figures; Docmost's chat asks for it the same way.
    includeUsage: true,
  })(ai.model);
};
