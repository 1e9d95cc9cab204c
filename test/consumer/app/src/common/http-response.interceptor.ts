import {
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply } from 'fastify';
import { map, type Observable } from 'rxjs';

/** Docmost's skip-transform metadata key: a route carrying it answers its body as returned. */
export const SKIP_TRANSFORM_KEY = 'SKIP_TRANSFORM';

/** Every JSON answer as Docmost sends it. */
export interface WrappedResponse<T> {
  readonly data: T;
  readonly success: true;
  readonly status: number;
}

/**
 * Docmost's global response interceptor: every value a handler returns is sent as
 * `{ data, success, status }`, unless the handler carries `SKIP_TRANSFORM` metadata. A route
 * that hijacks the reply (the chat stream, MCP) never returns a value through it.
 */
@Injectable()
export class TransformHttpResponseInterceptor<T> implements NestInterceptor<
  T,
  WrappedResponse<T> | T
> {
  constructor(private readonly reflector: Reflector) {}

  intercept(
    context: ExecutionContext,
    next: CallHandler<T>,
  ): Observable<WrappedResponse<T> | T> {
    const skip = this.reflector.get<boolean | undefined>(
      SKIP_TRANSFORM_KEY,
      context.getHandler(),
    );
    if (skip) return next.handle();
    return next.handle().pipe(
      map((data) => ({
        data,
        success: true as const,
        status: context.switchToHttp().getResponse<FastifyReply>().statusCode,
      })),
    );
  }
}
