import {
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { AiToolsApi } from '../api/index.js';

/** What `POST /api/ai-tools/settings/info` answers, and `.../update` takes and answers. */
export interface AiToolsSettings {
  readonly deferredTools: boolean;
}

/** The react-query key of the workspace's module settings (one entry per query client). */
export const AI_TOOLS_SETTINGS_QUERY_KEY: QueryKey = [
  'docmost-ai-tools',
  'settings',
];

/**
 * Updates run one after another (a react-query mutation scope): a second toggle waits for the
 * first answer, so the last change a person made is the one stored.
 */
const UPDATE_SCOPE = { id: 'docmost-ai-tools.settings.update' };

/**
 * Requests go out even when the browser reports being offline: react-query's default would hold
 * them silently (a skeleton forever, a switch showing a change that is not saved); the failed
 * request shows the person at once that nothing was saved.
 */
const NETWORK_MODE = 'always';

/** The workspace's module settings, read by any member. */
export function useAiToolsSettings(api: AiToolsApi) {
  return useQuery({
    queryKey: AI_TOOLS_SETTINGS_QUERY_KEY,
    networkMode: NETWORK_MODE,
    queryFn: () => api.post<AiToolsSettings>('/ai-tools/settings/info'),
  });
}

/**
 * Changes the settings (owners and admins; the server refuses anyone else). The cached value
 * changes at once and goes back when the server refuses or is not reached; then the settings
 * are read again, in case someone else changed them meanwhile.
 */
export function useUpdateAiToolsSettings(api: AiToolsApi) {
  const queryClient = useQueryClient();
  return useMutation({
    scope: UPDATE_SCOPE,
    networkMode: NETWORK_MODE,
    mutationFn: (update: AiToolsSettings) =>
      api.post<AiToolsSettings>('/ai-tools/settings/update', update),
    onMutate: async (update) => {
      await queryClient.cancelQueries({
        queryKey: AI_TOOLS_SETTINGS_QUERY_KEY,
      });
      const previous = queryClient.getQueryData<AiToolsSettings>(
        AI_TOOLS_SETTINGS_QUERY_KEY,
      );
      queryClient.setQueryData<AiToolsSettings>(AI_TOOLS_SETTINGS_QUERY_KEY, {
        ...previous,
        ...update,
      });
      return { previous };
    },
    onError: (_error, _update, context) => {
      if (context?.previous !== undefined)
        queryClient.setQueryData(AI_TOOLS_SETTINGS_QUERY_KEY, context.previous);
      void queryClient.invalidateQueries({
        queryKey: AI_TOOLS_SETTINGS_QUERY_KEY,
      });
    },
    onSuccess: (stored) =>
      queryClient.setQueryData(AI_TOOLS_SETTINGS_QUERY_KEY, stored),
  });
}
