import {
  type CanActivate,
  type ExecutionContext,
  Inject,
  Injectable,
  Optional,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { lastValueFrom, isObservable } from 'rxjs';
import { IS_PUBLIC_KEY } from './public-route.decorator';

/** The host's guard, resolved once by the module from its `authGuard` option (null: none). */
export const AI_TOOLS_AUTH_GUARD = Symbol('AI_TOOLS_AUTH_GUARD');

/**
 * On every route of the module: runs the host's own authentication guard (the module's
 * `authGuard` option, e.g. Docmost's `JwtAuthGuard`, which Docmost applies per controller and
 * not globally) so `request.user` is set in the module's routes as in the host's; a route marked
 * public (the stash download) is let through without it. Without the option it lets everything
 * through: the host's global guard already ran, and the routes refuse a request without a
 * caller themselves.
 */
@Injectable()
export class AiToolsAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Optional()
    @Inject(AI_TOOLS_AUTH_GUARD)
    private readonly hostGuard: CanActivate | null = null,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean | undefined>(
      IS_PUBLIC_KEY,
      [context.getHandler(), context.getClass()],
    );
    if (isPublic || !this.hostGuard) return true;
    const allowed = this.hostGuard.canActivate(context);
    return isObservable(allowed) ? lastValueFrom(allowed) : allowed;
  }
}
