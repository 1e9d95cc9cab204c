import { SetMetadata } from '@nestjs/common';

/**
 * The metadata key NestJS's authentication recipe and Docmost's global JWT guard read to let a
 * route through without a session; the reference host's guard reads the same key.
 */
export const IS_PUBLIC_KEY = 'isPublic';

/** Marks a module route as public (the stash download link carries its own secret). */
export const PublicRoute = (): MethodDecorator & ClassDecorator =>
  SetMetadata(IS_PUBLIC_KEY, true);
