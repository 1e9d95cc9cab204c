import { SetMetadata } from '@nestjs/common';

/**
 * The metadata key of Docmost's global response interceptor: a route carrying it is answered
 * as it returns, not wrapped as `{ data, success, status }`.
 */
export const SKIP_TRANSFORM_KEY = 'SKIP_TRANSFORM';

/** Marks a module route whose body is not JSON (the stash download's Markdown or JSON text). */
export const SkipResponseTransform = (): MethodDecorator & ClassDecorator =>
  SetMetadata(SKIP_TRANSFORM_KEY, true);
