import {
  Injectable,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { InjectKysely } from 'nestjs-kysely';
import type { KyselyDB } from '../database/kysely-db';
import { IS_PUBLIC_KEY } from './auth.decorators';
import type { AuthenticatedRequest } from './authenticated-request';

/**
 * Docmost's JwtAuthGuard with its JWT strategy, minus the JWT: the bearer token is the user's id
 * (this app signs nothing). As in Docmost it is not global: a controller opts in with
 * `@UseGuards(JwtAuthGuard)`, and the AI module gets it as its `authGuard` option. Like the
 * strategy it loads the workspace and the user, refuses a deleted or deactivated user, and
 * leaves `request.user = { user, workspace }`; `isPublic` routes pass without a token.
 */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @InjectKysely() private readonly db: KyselyDB,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (isPublic) return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const header = request.headers.authorization;
    const token =
      typeof header === 'string' && header.startsWith('Bearer ')
        ? header.slice('Bearer '.length).trim()
        : '';
    if (!/^[0-9a-f-]{36}$/.test(token)) throw new UnauthorizedException();
    const user = await this.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', token)
      .where('deletedAt', 'is', null)
      .where('deactivatedAt', 'is', null)
      .executeTakeFirst();
    if (!user) throw new UnauthorizedException();
    const workspace = await this.db
      .selectFrom('workspaces')
      .selectAll()
      .where('id', '=', user.workspaceId)
      .executeTakeFirst();
    if (!workspace) throw new UnauthorizedException();
    request.user = { user, workspace };
    return true;
  }
}
