import {
  createParamDecorator,
  SetMetadata,
  type ExecutionContext,
} from '@nestjs/common';
import type {
  AuthenticatedRequest,
  UserRow,
  WorkspaceRow,
} from './authenticated-request';

/** Docmost's `IS_PUBLIC_KEY` and `@Public()`: routes its JWT guard lets through. */
export const IS_PUBLIC_KEY = 'isPublic';
export const Public = () => SetMetadata(IS_PUBLIC_KEY, true);

/** Docmost's `@AuthUser()`: the user row its JWT strategy loaded. */
export const AuthUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): UserRow =>
    context.switchToHttp().getRequest<AuthenticatedRequest>().user.user,
);

/** Docmost's `@AuthWorkspace()`: the workspace row its JWT strategy loaded. */
export const AuthWorkspace = createParamDecorator(
  (_data: unknown, context: ExecutionContext): WorkspaceRow =>
    context.switchToHttp().getRequest<AuthenticatedRequest>().user.workspace,
);
