import { useEffect, useState } from 'react';
import { api, type Session } from './api';

/**
 * Workspace settings → AI: the `deferredTools` toggle through the module's own routes. Owners
 * and admins change it; members see it, read-only (the route answers them 403 anyway).
 */
export function AiSettings({ session }: { readonly session: Session }) {
  const [deferredTools, setDeferredTools] = useState<boolean>();
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const canChange = session.me.role === 'owner' || session.me.role === 'admin';

  useEffect(() => {
    api<{ deferredTools: boolean }>('/api/ai-tools/settings/info', {
      token: session.token,
      method: 'POST',
    })
      .then((settings) => setDeferredTools(settings.deferredTools))
      .catch((failure: Error) => setError(failure.message));
  }, [session.token]);

  const change = async (value: boolean) => {
    // Shown at once, put back if the server refuses.
    const before = deferredTools;
    setDeferredTools(value);
    setSaving(true);
    try {
      const settings = await api<{ deferredTools: boolean }>(
        '/api/ai-tools/settings/update',
        {
          token: session.token,
          method: 'POST',
          body: { deferredTools: value },
        },
      );
      setDeferredTools(settings.deferredTools);
      setError(undefined);
    } catch (failure) {
      setDeferredTools(before);
      setError((failure as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="settings" aria-label="Workspace settings">
      <h1>Workspace settings → AI</h1>
      <label className="toggle">
        <input
          type="checkbox"
          aria-label="Deferred tools"
          checked={deferredTools ?? false}
          disabled={!canChange || saving || deferredTools === undefined}
          onChange={(event) => void change(event.target.checked)}
        />
        <span>
          <strong>Deferred tools</strong>: send the 13 core tools and a compact
          catalog; the agent loads the others when it needs them. Off: all 41
          tools are sent with every model request.
        </span>
      </label>
      {!canChange && (
        <p className="hint" data-testid="settings-read-only">
          Only workspace owners and admins can change this; you are a{' '}
          {session.me.role}.
        </p>
      )}
      {error && <p className="error">{error}</p>}
    </section>
  );
}
