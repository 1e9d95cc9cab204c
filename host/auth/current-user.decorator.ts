import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { AuthenticatedUser } from './authenticated-user';
import type { RequestWithUser } from './request-user';

/** The caller the global bearer guard resolved; use only on routes that are not `@Public()`. */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthenticatedUser => {
    const user = context.switchToHttp().getRequest<RequestWithUser>().user;
    // A programming error, not a client one: the route is public or the guard is not installed.
    if (!user)
      throw new Error(
        '@CurrentUser() used on a route without an authenticated user (is it @Public()?)',
      );
    return user;
  },
);
