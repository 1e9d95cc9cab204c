import {
  createParamDecorator,
  UnauthorizedException,
  type ExecutionContext,
} from '@nestjs/common';
import type { AiToolsCaller } from './ai-tools-caller';
import { resolveCaller } from './resolve-caller';

/** The authenticated caller of a module route (see `resolveCaller` for the shapes understood). */
export const Caller = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AiToolsCaller => {
    const caller = resolveCaller(
      context.switchToHttp().getRequest<{ user?: unknown }>().user,
    );
    if (!caller)
      throw new UnauthorizedException(
        'sign in first: this route acts as a workspace user',
      );
    return caller;
  },
);
