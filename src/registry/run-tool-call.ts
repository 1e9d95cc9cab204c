import type {
  ToolInterceptor,
  ToolInvocation,
  ToolOutcome,
} from './tool-interceptor';
import type { ToolExecutor } from './tool-spec';

/**
 * Runs one validated call: the interceptors wrap the executor in order (the first is
 * outermost), and the executor's raw result becomes an outcome with no notices. Errors thrown
 * by the executor or an interceptor propagate unchanged; each surface turns them into its own
 * tool-error result.
 */
export async function runToolCall(
  invocation: ToolInvocation,
  executor: ToolExecutor,
  interceptors: readonly ToolInterceptor[],
): Promise<ToolOutcome> {
  const runFrom = async (index: number): Promise<ToolOutcome> => {
    const interceptor = interceptors[index];
    if (interceptor === undefined) {
      const output = await executor(
        invocation.input as Parameters<ToolExecutor>[0],
        invocation.context,
      );
      return { output, notices: [] };
    }
    let nextCalled = false;
    return interceptor(invocation, () => {
      // A second call would run the executor twice: a write tool would write twice.
      if (nextCalled) {
        return Promise.reject(
          new Error(
            `Tool interceptor #${index} called next() twice for ${invocation.spec.name}`,
          ),
        );
      }
      nextCalled = true;
      return runFrom(index + 1);
    });
  };
  return runFrom(0);
}
