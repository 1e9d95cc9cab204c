import { useCallback, useEffect, useState } from 'react';
import { AiSettings } from './ai-settings';
import { api, storedToken, type Session } from './api';
import { ChatPanel } from './chat-panel';
import { CommentsPanel } from './comments-panel';
import type { EditorSchemaDescription } from './editor-extensions';
import { PageEditor } from './page-editor';
import { Sidebar } from './sidebar';
import type { SidebarSpace } from '../web-api';
import { SignIn, sessionOf } from './sign-in';

/** What the address says is open: `#/page/<id>` or `#/settings`. */
function route(): { page?: string; settings?: boolean } {
  const page = /^#\/page\/([0-9a-f-]{36})$/.exec(location.hash)?.[1];
  if (page) return { page };
  return location.hash === '#/settings' ? { settings: true } : {};
}

function useRoute() {
  const [current, setCurrent] = useState(route);
  useEffect(() => {
    const update = () => setCurrent(route());
    addEventListener('hashchange', update);
    return () => removeEventListener('hashchange', update);
  }, []);
  return current;
}

function Workspace({
  session,
  onSignOut,
}: {
  readonly session: Session;
  readonly onSignOut: () => void;
}) {
  const [spaces, setSpaces] = useState<SidebarSpace[]>([]);
  const [schema, setSchema] = useState<EditorSchemaDescription>();
  const [error, setError] = useState<string>();
  const current = useRoute();

  useEffect(() => {
    Promise.all([
      api<{ spaces: SidebarSpace[] }>('/api/web/pages', {
        token: session.token,
      }),
      api<EditorSchemaDescription>('/api/web/editor-schema'),
    ])
      .then(([pages, editorSchema]) => {
        setSpaces(pages.spaces);
        setSchema(editorSchema);
      })
      .catch((failure: Error) => setError(failure.message));
  }, [session.token]);

  const page = spaces
    .flatMap((space) => space.pages)
    .find((candidate) => candidate.id === current.page);

  return (
    <div className="workspace">
      <header className="top-bar">
        <strong>Docmost AI tools</strong>
        <span className="hint">reference host</span>
        <span className="spacer" />
        <a href="#/settings">Workspace settings → AI</a>
        <span>
          {session.me.email}{' '}
          <span className="tool-badge">{session.me.role}</span>
        </span>
        <button type="button" className="link-button" onClick={onSignOut}>
          Sign out
        </button>
      </header>
      <Sidebar spaces={spaces} openPageId={current.page} />
      <main className="main">
        {error && <p className="error">{error}</p>}
        {current.settings && <AiSettings session={session} />}
        {!current.settings && page && schema && (
          <PageEditor
            key={page.id}
            session={session}
            pageId={page.id}
            title={page.title}
            schema={schema}
          />
        )}
        {!current.settings && !page && (
          <p className="hint">Open a page from the sidebar.</p>
        )}
      </main>
      <aside className="side-panels">
        <ChatPanel session={session} pageId={page?.id} />
        {page && !current.settings && (
          <CommentsPanel key={page.id} session={session} pageId={page.id} />
        )}
      </aside>
    </div>
  );
}

/** The reference host's web app: sign in, then pages, the chat beside them, and the settings. */
export function App() {
  const [session, setSession] = useState<Session | null>();
  useEffect(() => {
    const token = storedToken.get();
    if (!token) return setSession(null);
    sessionOf(token)
      .then(setSession)
      .catch(() => {
        storedToken.clear();
        setSession(null);
      });
  }, []);
  const signIn = useCallback((next: Session) => {
    storedToken.set(next.token);
    setSession(next);
  }, []);
  if (session === undefined) return null;
  if (session === null) return <SignIn onSignedIn={signIn} />;
  return (
    <Workspace
      session={session}
      onSignOut={() => {
        storedToken.clear();
        setSession(null);
      }}
    />
  );
}
