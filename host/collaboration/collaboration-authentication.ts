import type { Kysely } from 'kysely';
import type { DB } from '../../src';
import { authenticateBearer } from '../auth/authenticate-bearer';
import { requirePage } from '../../src';
import type { Extension } from './hocuspocus';
import { pageIdOfDocument } from './document-name';
import type { CollaborationContext } from './collaboration-context';
import { AgentCollaborationTokens } from './agent-collaboration-tokens';

/**
 * Who may open a page in the collaboration server, as Docmost decides it: the provider's
 * `token` is the user's bearer token, or an agent token the host minted for the agent acting
 * as its user (`AgentCollaborationTokens`); the page must be one the user may see (workspace,
 * space membership, page restrictions), and a user who may not edit it gets a read-only
 * connection. The connection's context names the person, and for the agent says `actor:
 * 'agent'` and the chat, so stores are attributed to whoever made the change.
 */
export function collaborationAuthentication(
  db: Kysely<DB>,
  agentTokens: Promise<AgentCollaborationTokens>,
): Extension {
  return {
    async onAuthenticate({ token, documentName, connectionConfig }) {
      let context: CollaborationContext;
      if (AgentCollaborationTokens.isAgentToken(token)) {
        const claims = (await agentTokens).verify(token);
        context = AgentCollaborationTokens.contextOf(claims);
      } else {
        const user = await authenticateBearer(db, `Bearer ${token}`);
        context = {
          user: { id: user.userId },
          workspace: { id: user.workspaceId },
        };
      }
      const page = await requirePage(
        db,
        { userId: context.user!.id!, workspaceId: context.workspace!.id! },
        pageIdOfDocument(documentName),
        { content: false },
      );
      if (!page.canEdit) connectionConfig.readOnly = true;
      return context;
    },
  };
}
