/*
 * Workspace settings → AI as Docmost's client would mount the package's two blocks, on the
 * repository's own libraries (React 19.2, Mantine 8.3.18, react-query 5.90.17: the reference
 * web app's): the deferred-tools switch and, below it, the turn figures (Mantine's stylesheet
 * and provider, react-query with Docmost's query defaults), in English, over `fetch`. It talks
 * to the reference host's real routes with the bearer token given in the address
 * (`#token=...`); the role comes from `/api/auth/me`. docmost-0.94-ai-settings.tsx is the same
 * page on the Docmost fork's client libraries.
 */
import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { version } from 'react';
import { createRoot } from 'react-dom/client';
import {
  createAiToolsApi,
  DeferredToolsSetting,
  TurnFigures,
} from '../../../client';

const token = new URLSearchParams(location.hash.slice(1)).get('token') ?? '';
const api = createAiToolsApi({
  headers: () => ({ authorization: `Bearer ${token}` }),
});

/** Docmost's client's defaults (apps/client/src/main.tsx). */
const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchOnMount: false,
      refetchOnWindowFocus: false,
      retry: false,
      staleTime: 5 * 60 * 1000,
    },
  },
});

async function mount(): Promise<void> {
  // The React the page runs on, for the test to check the bundle took the repository's.
  document.documentElement.dataset.reactVersion = version;
  const me = await api.post<{ role: string }>('/auth/me');
  const isAdmin = me.role === 'owner' || me.role === 'admin';
  createRoot(document.getElementById('root')!).render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <h1>Workspace settings → AI</h1>
        <DeferredToolsSetting api={api} canChange={isAdmin} />
        <TurnFigures api={api} canView={isAdmin} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

void mount();
