import type { MockLanguageModelV3 } from 'ai/test';

/**
 * What one model call is sent (`LanguageModelV3CallOptions`: prompt, tools, tool choice), named
 * through the `ai` package the host already depends on rather than its provider package.
 */
export type ModelCallOptions = Parameters<MockLanguageModelV3['doStream']>[0];
