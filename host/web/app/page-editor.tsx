import { HocuspocusProvider } from '@hocuspocus/provider';
import Collaboration from '@tiptap/extension-collaboration';
import { EditorContent, useEditor } from '@tiptap/react';
import { useEffect, useMemo, useState } from 'react';
import * as Y from 'yjs';
import { collaborationUrl, type Session } from './api';
import {
  editorExtensions,
  type EditorSchemaDescription,
} from './editor-extensions';

interface PageEditorProps {
  readonly session: Session;
  readonly pageId: string;
  readonly title: string;
  readonly schema: EditorSchemaDescription;
}

type Connection = 'connecting' | 'synced' | 'offline' | 'refused';
type Scope = 'read-write' | 'readonly';

/** Who else has this page open, from the provider's awareness states. */
function useCollaborators(provider: HocuspocusProvider): string[] {
  const [names, setNames] = useState<string[]>([]);
  useEffect(() => {
    const awareness = provider.awareness;
    if (!awareness) return;
    const update = () =>
      setNames(
        [...awareness.getStates().entries()]
          .filter(([client]) => client !== awareness.clientID)
          .map(([, state]) => String(state.user?.name ?? 'someone')),
      );
    awareness.on('change', update);
    update();
    return () => awareness.off('change', update);
  }, [provider]);
  return names;
}

/**
 * The page in a collaborative Tiptap editor: a Yjs document kept in step with the host's
 * collaboration server (`/collab`, Hocuspocus) over the person's token, so every open window
 * and the agent's tool calls edit the same live document.
 */
export function PageEditor({
  session,
  pageId,
  title,
  schema,
}: PageEditorProps) {
  const { document, provider } = useMemo(() => {
    const document = new Y.Doc();
    const provider = new HocuspocusProvider({
      url: collaborationUrl(),
      name: `page.${pageId}`,
      token: session.token,
      document,
    });
    return { document, provider };
  }, [pageId, session.token]);
  const [connection, setConnection] = useState<Connection>('connecting');
  // What the collaboration server granted: a person who may only read gets a read-only editor.
  const [scope, setScope] = useState<Scope>('read-write');
  const collaborators = useCollaborators(provider);

  useEffect(() => {
    provider.awareness?.setLocalStateField('user', { name: session.me.email });
    const onSynced = () => setConnection('synced');
    const onStatus = ({ status }: { status: string }) => {
      if (status === 'disconnected') setConnection('offline');
      if (status === 'connecting') setConnection('connecting');
    };
    const onRefused = () => setConnection('refused');
    const onAuthenticated = ({ scope }: { scope: Scope }) => setScope(scope);
    provider.on('authenticated', onAuthenticated);
    provider.on('synced', onSynced);
    provider.on('status', onStatus);
    provider.on('authenticationFailed', onRefused);
    return () => {
      provider.off('authenticated', onAuthenticated);
      provider.off('synced', onSynced);
      provider.off('status', onStatus);
      provider.off('authenticationFailed', onRefused);
      provider.destroy();
      document.destroy();
    };
  }, [provider, document, session.me.email]);

  const editor = useEditor(
    {
      extensions: [
        ...editorExtensions(schema),
        Collaboration.configure({ document, field: 'default' }),
      ],
      editorProps: {
        attributes: { class: 'editor-content', 'aria-label': `Page ${title}` },
      },
    },
    [document, schema],
  );
  useEffect(() => {
    editor?.setEditable(scope === 'read-write');
  }, [editor, scope]);

  return (
    <section className="page">
      <header className="page-header">
        <h1>{title || 'Untitled'}</h1>
        <span className={`connection connection-${connection}`}>
          {connection === 'synced'
            ? 'live'
            : connection === 'refused'
              ? 'no access'
              : connection}
        </span>
        {scope === 'readonly' && <span className="hint">read-only</span>}
        {collaborators.length > 0 && (
          <span className="collaborators">
            also here: {collaborators.join(', ')}
          </span>
        )}
      </header>
      <EditorContent editor={editor} className="editor" />
    </section>
  );
}
