import { MantineProvider } from '@mantine/core';
import { useMemo } from 'react';
import {
  createAiToolsApi,
  DeferredToolsSetting,
  TurnFigures,
} from '../../../client';
import type { Session } from './api';

/**
 * Workspace settings → AI: the package's own `DeferredToolsSetting`, as Docmost's client mounts
 * it, over `fetch` with the tab's bearer token (this host answers without Docmost's envelope,
 * which the transport unwraps when present). Owners and admins change it; members see it
 * read-only (the route answers them 403 anyway). Below the switch, owners and admins see what
 * the agent's chat turns did (`TurnFigures`); members see no figures.
 */
export function AiSettings({ session }: { readonly session: Session }) {
  const api = useMemo(
    () =>
      createAiToolsApi({
        headers: () => ({ authorization: `Bearer ${session.token}` }),
      }),
    [session.token],
  );
  const canChange = session.me.role === 'owner' || session.me.role === 'admin';
  return (
    <section className="settings" aria-label="Workspace settings">
      <h1>Workspace settings → AI</h1>
      {/* Mantine for this page only: the rest of the app keeps its own styles. */}
      <MantineProvider>
        <DeferredToolsSetting api={api} canChange={canChange} />
        <TurnFigures api={api} canView={canChange} />
      </MantineProvider>
    </section>
  );
}
