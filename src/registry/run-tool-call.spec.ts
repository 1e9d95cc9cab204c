import { ToolError } from '../ground';
import { z } from 'zod';
import { createToolRegistry } from './create-tool-registry';
import type { ToolInterceptor } from './tool-interceptor';
import { callContext, silent, spec } from './tool-registry.fixture';
import { defineTool } from './tool-spec';

describe('calling a tool', () => {
  const getPage = defineTool({
    name: 'getPage',
    mcpName: 'get_page',
    title: 'Get a page',
    description: 'Reads a page.',
    tier: 'core',
    inputSchema: z.object({
      pageId: z.string(),
      limit: z.number().int().min(1).default(5),
    }),
    annotations: { readOnlyHint: true },
  });

  it('validates, applies defaults and gives the executor the input and the caller', async () => {
    const seen: unknown[] = [];
    const registry = createToolRegistry({
      specs: [getPage],
      executors: {
        getPage: async (input, caller) => {
          seen.push(input, caller.userId);
          return { title: 'Roadmap', limit: input.limit };
        },
      },
    });
    await expect(
      registry.call('getPage', { pageId: 'p1' }, callContext),
    ).resolves.toEqual({
      output: { title: 'Roadmap', limit: 5 },
      notices: [],
    });
    expect(seen).toEqual([{ pageId: 'p1', limit: 5 }, 'user-1']);
  });

  it('rejects bad input with a ToolError naming each field and the expected type', async () => {
    const executor = jest.fn(async () => 'never');
    const registry = createToolRegistry({
      specs: [getPage],
      executors: { getPage: executor },
    });
    const error = await registry
      .call('getPage', { pageId: 42, limit: 'ten' }, callContext)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ToolError);
    expect((error as ToolError).code).toBe('invalid_input');
    expect((error as ToolError).message).toBe(
      'Invalid arguments for tool getPage: Invalid input: expected string, received number at pageId\n' +
        'Invalid input: expected number, received string at limit',
    );
    expect(executor).not.toHaveBeenCalled();
  });

  it('rejects an unknown or unbound tool name, listing the valid ones', async () => {
    const registry = createToolRegistry({
      specs: [getPage, spec({ name: 'getOutline' })],
      executors: { getPage: async () => 'page' },
      logger: silent,
    });
    await expect(registry.call('getOutline', {}, callContext)).rejects.toThrow(
      'Unknown tool "getOutline". Valid tools: getPage',
    );
  });

  it('runs interceptors in order around the executor, keeping the raw output and collecting notices', async () => {
    const order: string[] = [];
    const outer: ToolInterceptor = async (invocation, next) => {
      order.push(`outer:${invocation.spec.name}`);
      const outcome = await next();
      order.push('outer done');
      return { ...outcome, notices: [...outcome.notices, 'outer notice'] };
    };
    const inner: ToolInterceptor = async (invocation, next) => {
      order.push(
        `inner:${JSON.stringify(invocation.input)}:${invocation.context.sessionId}`,
      );
      const outcome = await next();
      return { ...outcome, notices: [...outcome.notices, 'inner notice'] };
    };
    const registry = createToolRegistry({
      specs: [getPage],
      executors: {
        getPage: async () => {
          order.push('executor');
          return 'the page';
        },
      },
      interceptors: [outer, inner],
    });
    const outcome = await registry.call(
      'getPage',
      { pageId: 'p1' },
      callContext,
    );
    expect(outcome).toEqual({
      output: 'the page',
      notices: ['inner notice', 'outer notice'],
    });
    expect(order).toEqual([
      'outer:getPage',
      'inner:{"pageId":"p1","limit":5}:turn-1',
      'executor',
      'outer done',
    ]);
  });

  it('propagates executor errors unchanged through the interceptors', async () => {
    const failure = new ToolError('not_found', 'page not found or no access');
    const registry = createToolRegistry({
      specs: [getPage],
      executors: { getPage: async () => Promise.reject(failure) },
      interceptors: [async (_invocation, next) => next()],
    });
    await expect(
      registry.call('getPage', { pageId: 'p1' }, callContext),
    ).rejects.toBe(failure);
  });

  it('turns any other failure into a neutral internal error for the model and logs the original for operators', async () => {
    const logged: string[] = [];
    const registry = createToolRegistry({
      specs: [getPage],
      executors: {
        getPage: async () => {
          throw new Error(
            'invalid input syntax for type uuid: "x" (SELECT * FROM pages WHERE secret_column = 1)',
          );
        },
      },
      logger: {
        warn: () => undefined,
        error: (message) => logged.push(message),
      },
    });
    const error = await registry
      .call('getPage', { pageId: 'p1' }, callContext)
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(ToolError);
    expect((error as ToolError).code).toBe('internal');
    expect((error as ToolError).message).toMatch(
      /^getPage failed because of an internal error/,
    );
    expect((error as ToolError).message).not.toMatch(
      /SELECT|secret_column|uuid/,
    );
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('secret_column');
  });

  it('reports a database outage as an unavailable error the model can retry, logged in one line without a stack', async () => {
    const warned: string[] = [];
    const outage = Object.assign(
      new Error(
        'database unavailable: the server terminated the connection (terminating connection); try again',
      ),
      {
        name: 'DatabaseUnavailableError',
      },
    );
    const registry = createToolRegistry({
      specs: [getPage],
      executors: {
        getPage: async () => {
          throw outage;
        },
      },
      logger: {
        warn: (message) => warned.push(message),
        error: () => undefined,
      },
    });
    const error = await registry
      .call('getPage', { pageId: 'p1' }, callContext)
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(ToolError);
    expect((error as ToolError).code).toBe('unavailable');
    expect((error as ToolError).message).toBe(
      'getPage failed: database unavailable: the server terminated the connection (terminating connection); try again',
    );
    expect(warned).toEqual([
      'tool getPage failed: database unavailable: the server terminated the connection (terminating connection); try again',
    ]);
  });

  it('refuses an interceptor that calls next twice, so a write never runs twice', async () => {
    const executor = jest.fn(async () => 'written');
    const logged: string[] = [];
    const registry = createToolRegistry({
      specs: [getPage],
      executors: { getPage: executor },
      logger: {
        warn: () => undefined,
        error: (message) => logged.push(message),
      },
      interceptors: [
        async (_invocation, next) => {
          await next();
          return next();
        },
      ],
    });
    await expect(
      registry.call('getPage', { pageId: 'p1' }, callContext),
    ).rejects.toThrow('getPage failed because of an internal error');
    expect(logged[0]).toContain('called next() twice for getPage');
    expect(executor).toHaveBeenCalledTimes(1);
  });
});
