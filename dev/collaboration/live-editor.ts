import WebSocket from 'ws';
import { Y, type YDoc, type YXmlFragment } from '../../src/collaboration/yjs';
import {
  DOCUMENT_FRAGMENT,
  fragmentToDocument,
} from '../../src/collaboration/yjs-document';
import type { ProseMirrorNode } from '../../src/document';
import { HocuspocusProvider } from './hocuspocus-provider';

/**
 * One editor with a page open, as a browser tab of Docmost's holds it: a real
 * `@hocuspocus/provider` over a WebSocket with its own Yjs document. Used by the demo (whose
 * transcript shows what the editor sees) and the live-page specs.
 */
export interface LiveEditor {
  readonly doc: YDoc;
  readonly fragment: YXmlFragment;
  readonly provider: HocuspocusProvider;
  /** The document as this editor has it now. */
  document(): ProseMirrorNode;
  /** Resolves when every local change was acknowledged by the server. */
  settled(): Promise<void>;
  close(): void;
}

export interface OpenLiveEditorOptions {
  /** The collaboration server's WebSocket URL, e.g. `ws://127.0.0.1:3000/collab`. */
  readonly url: string;
  readonly pageId: string;
  /** The user's bearer token, the provider's `token`. */
  readonly token: string;
  /** Most time to wait for the first sync. Default 10 s. */
  readonly timeoutMs?: number;
}

/** Opens a page in a new editor and waits for its first sync (refused: rejects with the reason). */
export async function openLiveEditor(
  options: OpenLiveEditorOptions,
): Promise<LiveEditor> {
  const doc = new Y.Doc();
  const provider = new HocuspocusProvider({
    url: options.url,
    name: `page.${options.pageId}`,
    document: doc,
    token: options.token,
    WebSocketPolyfill: WebSocket,
  } as ConstructorParameters<typeof HocuspocusProvider>[0]);
  const timeoutMs = options.timeoutMs ?? 10_000;
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              `editor of page ${options.pageId} did not sync in ${timeoutMs} ms`,
            ),
          ),
        timeoutMs,
      );
      provider.on('synced', () => {
        clearTimeout(timer);
        resolve();
      });
      provider.on('authenticationFailed', ({ reason }: { reason: string }) => {
        clearTimeout(timer);
        reject(new Error(`editor refused: ${reason}`));
      });
    });
  } catch (error) {
    provider.destroy();
    throw error;
  }
  const fragment = doc.getXmlFragment(DOCUMENT_FRAGMENT);
  return {
    doc,
    fragment,
    provider,
    document: () => fragmentToDocument(fragment),
    settled: () =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (!provider.hasUnsyncedChanges) resolve();
          else setTimeout(check, 10);
        };
        check();
      }),
    close: () => provider.destroy(),
  };
}
