export type { AiToolsApi } from './ai-tools-api.js';
export { AiToolsApiError } from './ai-tools-api-error.js';
export {
  createAiToolsApi,
  type AxiosLikeClient,
  type CreateAiToolsApiOptions,
  type FetchFunction,
} from './create-ai-tools-api.js';
