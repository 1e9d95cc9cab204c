import { PublicRoute } from '../../src';

export { IS_PUBLIC_KEY } from '../../src';

/**
 * Lets a route through without a bearer token (health checks). The same metadata key as the
 * module's `PublicRoute` and Docmost's own `@Public()`, so one guard honours all of them.
 */
export const Public = PublicRoute;
