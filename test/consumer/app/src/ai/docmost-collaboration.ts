import { collaborationClient } from 'docmost-ai-tools';

/*
 * The README's `collaboration` option for Docmost, as written there, against the signatures of
 * Docmost's own services (the gitmost fork at 0.94.0): compiled by the consumer test, so the
 * README's lines keep compiling in Docmost's server. (Mounted in the real fork they did not,
 * while the token callback's context was typed `unknown`.) Nothing here runs: this app has no
 * collaboration server.
 */

/** Docmost's `User`, as far as the collab token needs it. */
interface DocmostUser {
  readonly id: string;
  readonly deactivatedAt: Date | null;
}

/** `TokenService.generateCollabToken` of Docmost's server (`core/auth/services/token.service.ts`). */
interface DocmostTokenService {
  generateCollabToken(
    user: DocmostUser,
    workspaceId: string,
    provenance?: { actor: 'agent'; aiChatId: string | null },
  ): Promise<string>;
}

/** `UserRepo.findById` of Docmost's server (`database/repos/user/user.repo.ts`). */
interface DocmostUserRepo {
  findById(userId: string, workspaceId: string): Promise<DocmostUser>;
}

/** What the README's lines read of Docmost's `EnvironmentService`. */
interface DocmostEnvironment {
  getCollabUrl(): string;
  getPort(): number;
}

export function docmostCollaboration(
  env: DocmostEnvironment,
  tokens: DocmostTokenService,
  userRepo: DocmostUserRepo,
) {
  return {
    server: collaborationClient({
      url: `${(env.getCollabUrl() || `http://127.0.0.1:${env.getPort()}`).replace(/^http/, 'ws')}/collab`,
      token: async ({ user, workspace, aiChatId }) =>
        tokens.generateCollabToken(
          await userRepo.findById(user.id, workspace.id),
          workspace.id,
          { actor: 'agent', aiChatId },
        ),
    }),
  };
}
