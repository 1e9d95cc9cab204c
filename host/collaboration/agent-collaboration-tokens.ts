import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { AGENT_ACTOR, isUuid, type DB } from '../../src';
import type { CollaborationContext } from './collaboration-context';

/** What an agent's collaboration token says: whose agent, in which chat. */
export interface AgentTokenClaims {
  readonly userId: string;
  readonly workspaceId: string;
  readonly aiChatId: string | null;
}

const PREFIX = 'agent-collab.v1.';

/** How long a minted token opens connections; a pooled connection outlives it (checked once). */
const LIFETIME_MS = 60_000;

/**
 * The agent's tokens for the collaboration server, as Docmost's `generateCollabToken(user,
 * workspaceId, { actor: 'agent', aiChatId })`: the server authenticates the agent's connection
 * as its user, and the connection's context says `actor: 'agent'` and the chat, so the store
 * records the agent. Signed (HMAC-SHA256) with the secret every instance reads from the shared
 * database, so an instance accepts tokens minted by another.
 */
export class AgentCollaborationTokens {
  private constructor(private readonly secret: string) {}

  /** Reads the shared secret (the host migration `host-secrets` made it). */
  static async load(db: Kysely<DB>): Promise<AgentCollaborationTokens> {
    const { rows } = await sql<{ value: string }>`
      select value from host_secrets where name = 'collaboration'`.execute(db);
    const secret = rows[0]?.value;
    if (!secret)
      throw new Error(
        'host_secrets has no collaboration secret: run the host migrations (npm run migrate)',
      );
    return new AgentCollaborationTokens(secret);
  }

  /** A token for the connection context the package hands its collaboration client. */
  mint(context: unknown): string {
    const connection = context as CollaborationContext | undefined;
    const userId = connection?.user?.id;
    const workspaceId = connection?.workspace?.id;
    if (typeof userId !== 'string' || typeof workspaceId !== 'string')
      throw new Error(
        'an agent collaboration token needs the context { user: { id }, workspace: { id } }',
      );
    const payload = Buffer.from(
      JSON.stringify({
        userId,
        workspaceId,
        aiChatId: connection?.aiChatId ?? null,
        expiresAt: Date.now() + LIFETIME_MS,
      }),
    ).toString('base64url');
    return `${PREFIX}${payload}.${this.sign(payload)}`;
  }

  /** Whether a token is an agent token at all (a person's is an API token). */
  static isAgentToken(token: string): boolean {
    return token.startsWith(PREFIX);
  }

  /** The claims of a valid, unexpired token; throws naming what is wrong otherwise. */
  verify(token: string): AgentTokenClaims {
    const [payload, signature] = token.slice(PREFIX.length).split('.');
    if (!payload || !signature) throw new Error('malformed agent token');
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given))
      throw new Error('agent token signature does not match');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
      userId?: unknown;
      workspaceId?: unknown;
      aiChatId?: unknown;
      expiresAt?: unknown;
    };
    if (typeof claims.expiresAt !== 'number' || claims.expiresAt < Date.now())
      throw new Error('agent token expired');
    if (
      typeof claims.userId !== 'string' ||
      typeof claims.workspaceId !== 'string' ||
      !isUuid(claims.userId) ||
      !isUuid(claims.workspaceId)
    )
      throw new Error('agent token names no user');
    return {
      userId: claims.userId,
      workspaceId: claims.workspaceId,
      aiChatId: typeof claims.aiChatId === 'string' ? claims.aiChatId : null,
    };
  }

  /** The context the collaboration server gives an agent's connection. */
  static contextOf(claims: AgentTokenClaims): CollaborationContext {
    return {
      user: { id: claims.userId },
      workspace: { id: claims.workspaceId },
      actor: AGENT_ACTOR,
      aiChatId: claims.aiChatId,
    };
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.secret)
      .update(payload)
      .digest('base64url');
  }
}
