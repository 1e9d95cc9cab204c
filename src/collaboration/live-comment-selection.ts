import type { LocatedSelection } from '../page-store';
import type { CollaborationConnection } from './collaboration-server';
import { commentMarkText, selectionPositions } from './comment-selection';
import type { YDoc } from './yjs';

/** What `locateLiveSelection` needs besides the open connection. */
export interface LiveSelectionRequest {
  readonly selection: string;
  readonly fragmentName: string;
  /** How long `awaitMark` waits for the mark to reach the replica. */
  readonly markTimeoutMs: number;
  /** The page's version for a document (the one reads return). */
  readonly versionOf: (document: YDoc) => string;
  /** Gives the connection back. */
  readonly release: () => void;
}

/** Reads the document: the replica when the connection has one, else inside a transaction. */
async function readDocument<Result>(
  connection: CollaborationConnection,
  read: (document: YDoc) => Result,
): Promise<Result> {
  if (connection.document) return read(connection.document);
  let result: Result | undefined;
  await connection.transact((document) => {
    result = read(document);
  });
  return result!;
}

/**
 * The selection's Yjs positions on an open page, and a wait for the comment mark that the
 * comment service sets from them on the page's owner: the owner's change reaches the agent's
 * replica like anyone's typing, so the wait ends with the first update that carries the mark.
 */
export async function locateLiveSelection(
  connection: CollaborationConnection,
  request: LiveSelectionRequest,
): Promise<LocatedSelection> {
  const { selection, fragmentName } = request;
  const located = await readDocument(connection, (document) =>
    selectionPositions(document.getXmlFragment(fragmentName), selection),
  );
  if (located.kind !== 'found') {
    request.release();
    return located;
  }
  const markOn = (document: YDoc, commentId: string) => {
    const marked = commentMarkText(
      document.getXmlFragment(fragmentName),
      commentId,
    );
    return marked === ''
      ? undefined
      : marked === selection
        ? ('exact' as const)
        : ('elsewhere' as const);
  };
  return {
    kind: 'found',
    yjsSelection: located.yjsSelection,
    blockId: located.blockId,
    async awaitMark(commentId) {
      const replica = connection.document;
      if (!replica) {
        // A connection without a replica (a direct one): the owner applied the mark before
        // the comment service returned, so it is there now or not at all.
        return readDocument(connection, (document) => {
          const outcome = markOn(document, commentId) ?? 'missing';
          return outcome === 'exact'
            ? { outcome, version: request.versionOf(document) }
            : { outcome };
        });
      }
      const outcome = await new Promise<'exact' | 'elsewhere' | 'missing'>(
        (resolve) => {
          const settle = (result: 'exact' | 'elsewhere' | 'missing') => {
            clearTimeout(timer);
            replica.off('afterTransaction', check);
            resolve(result);
          };
          const check = () => {
            const seen = markOn(replica, commentId);
            if (seen) settle(seen);
          };
          const timer = setTimeout(
            () => settle('missing'),
            request.markTimeoutMs,
          );
          replica.on('afterTransaction', check);
          check();
        },
      );
      return outcome === 'exact'
        ? { outcome, version: request.versionOf(replica) }
        : { outcome };
    },
    release: request.release,
  };
}
