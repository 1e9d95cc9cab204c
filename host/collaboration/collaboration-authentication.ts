import type { Kysely } from 'kysely';
import type { DB } from '../../src';
import { authenticateBearer } from '../auth/authenticate-bearer';
import { requirePage } from '../../src';
import type { Extension } from './hocuspocus';
import { pageIdOfDocument } from './document-name';
import type { CollaborationContext } from './collaboration-context';

/**
 * Who may open a page in the collaboration server, as Docmost decides it: the provider's
 * `token` is the user's bearer token; the page must be one the user may see (workspace, space
 * membership, page restrictions), and a user who may not edit it gets a read-only connection.
 * The connection's context names the person, so their stores are attributed to them.
 */
export function collaborationAuthentication(db: Kysely<DB>): Extension {
  return {
    async onAuthenticate({ token, documentName, connectionConfig }) {
      const user = await authenticateBearer(db, `Bearer ${token}`);
      const page = await requirePage(
        db,
        { userId: user.userId, workspaceId: user.workspaceId },
        pageIdOfDocument(documentName),
        { content: false },
      );
      if (!page.canEdit) connectionConfig.readOnly = true;
      const context: CollaborationContext = {
        user: { id: user.userId },
        workspace: { id: user.workspaceId },
        source: 'user',
      };
      return context;
    },
  };
}
