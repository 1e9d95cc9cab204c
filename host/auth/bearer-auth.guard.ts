import {
  type CanActivate,
  type ExecutionContext,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Kysely } from 'kysely';
import type { DB } from '../../src';
import { InjectKysely } from '../../src';
import { authenticateBearer } from './authenticate-bearer';
import {
  AUTHENTICATED_BEFORE_BODY,
  type RequestAuthenticatedBeforeBody,
} from './authenticate-before-body';
import { AuthenticationError } from './authentication-error';
import { IS_PUBLIC_KEY } from './public.decorator';
import type { RequestWithUser } from './request-user';

/**
 * Global guard: every route needs `Authorization: Bearer <token>` unless marked `@Public()`.
 * A rejected request gets 401 `{ statusCode, error: 'Unauthorized', message }`.
 */
@Injectable()
export class BearerAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @InjectKysely() private readonly db: Kysely<DB>,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean | undefined>(
      IS_PUBLIC_KEY,
      [context.getHandler(), context.getClass()],
    );
    if (isPublic) return true;
    const request = context.switchToHttp().getRequest<
      RequestWithUser & {
        headers: Record<string, string | string[] | undefined>;
      }
    >();
    try {
      request.user =
        (request as RequestAuthenticatedBeforeBody)[
          AUTHENTICATED_BEFORE_BODY
        ] ?? (await authenticateBearer(this.db, request.headers.authorization));
      return true;
    } catch (error) {
      if (error instanceof AuthenticationError)
        throw new UnauthorizedException(error.message);
      throw error;
    }
  }
}
