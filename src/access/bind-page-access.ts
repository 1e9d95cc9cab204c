import type { ToolCallContext } from '../registry';
import type { AccessCaller, PageAccessPolicy } from './page-access-policy';

type Executor = (input: never, context: ToolCallContext) => Promise<unknown>;

/**
 * Gives every executor of a map a context that carries `policy`, so each access check of those
 * executors (`requirePage`, `visiblePages`, ...) applies the host's page permissions instead of
 * the Docmost default. The executors' own code and signatures stay as they are.
 */
export function bindPageAccess<
  Executors extends { readonly [name: string]: Executor | undefined },
>(executors: Executors, policy: PageAccessPolicy): Executors {
  const bound = Object.entries(executors).map(([name, executor]) => {
    if (executor === undefined) return [name, executor];
    const withPolicy = (input: never, context: ToolCallContext) =>
      executor(input, { ...context, pageAccess: policy } as ToolCallContext &
        AccessCaller);
    return [name, withPolicy];
  });
  return Object.fromEntries(bound) as Executors;
}
