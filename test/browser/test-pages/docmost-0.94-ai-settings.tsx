/*
 * Workspace settings → AI as the Docmost fork's client at 0.94.0 mounts the package, bundled with
 * that client's libraries (test/browser/docmost-0.94-client: React 18.3.1, Mantine 8.3.18,
 * react-query 5.90.17, i18next 25.10.1, react-i18next 16.5.8, axios 1.16.0):
 * - its axios `api` as apps/client/src/lib/api-client.ts makes it (base `/api`, cookies, a
 *   response interceptor handing on the body), passed as the README says
 *   (`createAiToolsApi({ axios: api })`); the reference host signs requests with the bearer
 *   token given in the address (`#token=...`) where Docmost has its cookie;
 * - its i18next set up as apps/client/src/i18n.ts, with its HTTP backend loading
 *   `/locales/<language>/translation.json` (the test answers de-DE with the test locale), and
 *   the page's `t` from `useTranslation()` handed to both blocks;
 * - react-query with its client's defaults (apps/client/src/main.tsx), Mantine's provider and
 *   stylesheet, and the README's lines for `ai-settings.tsx`.
 */
import '@mantine/core/styles.css';
import { Divider, MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import axios from 'axios';
import i18n from 'i18next';
import Backend from 'i18next-http-backend';
import { version } from 'react';
import { createRoot } from 'react-dom/client';
import { initReactI18next, useTranslation } from 'react-i18next';
import {
  createAiToolsApi,
  DeferredToolsSetting,
  TurnFigures,
} from '../../../client';
import { DOCMOST_I18N_OPTIONS } from './docmost-i18n';

const token = new URLSearchParams(location.hash.slice(1)).get('token') ?? '';

const api = axios.create({
  baseURL: '/api',
  withCredentials: true,
  headers: { authorization: `Bearer ${token}` },
});
api.interceptors.response.use(
  (response) => response.data,
  (error) => Promise.reject(error),
);

const aiToolsApi = createAiToolsApi({ axios: api });

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

/** The end of Docmost's `AiSettings` page, with the README's lines. */
function AiSettings({ isAdmin }: { readonly isAdmin: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <h1>Workspace settings → AI</h1>
      <Divider my="lg" />

      <DeferredToolsSetting api={aiToolsApi} canChange={isAdmin} t={t} />
      <TurnFigures api={aiToolsApi} canView={isAdmin} t={t} />
    </>
  );
}

async function mount(): Promise<void> {
  await i18n
    .use(Backend)
    .use(initReactI18next)
    .init({
      ...DOCMOST_I18N_OPTIONS,
      lng: 'de-DE',
    });
  // The React the page runs on, for the test to check the bundle took the fork's.
  document.documentElement.dataset.reactVersion = version;
  const me = await aiToolsApi.post<{ role: string }>('/auth/me');
  createRoot(document.getElementById('root')!).render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <AiSettings isAdmin={me.role === 'owner' || me.role === 'admin'} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

void mount();
