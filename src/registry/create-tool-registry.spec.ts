import { ToolError } from '../ground';
import { z } from 'zod';
import {
  createToolRegistry,
  type RegistryLogger,
} from './create-tool-registry';
import { RegistryError } from './registry-error';
import { toSnakeCase } from './snake-case';
import type { ToolCallContext } from './tool-call-context';
import type { ToolInterceptor } from './tool-interceptor';
import { defineTool, type AnyToolSpec } from './tool-spec';

const context: ToolCallContext = {
  userId: 'user-1',
  workspaceId: 'workspace-1',
  surface: 'chat',
  sessionId: 'turn-1',
};

function spec(
  overrides: Partial<AnyToolSpec> & Pick<AnyToolSpec, 'name'>,
): AnyToolSpec {
  return {
    mcpName: toSnakeCase(overrides.name),
    title: overrides.name,
    description: `Does ${overrides.name}.`,
    tier: 'core',
    inputSchema: z.object({}),
    annotations: { readOnlyHint: true },
    ...overrides,
  };
}

const silent: RegistryLogger = { warn: () => undefined };

function buildError(build: () => unknown): RegistryError {
  try {
    build();
  } catch (error) {
    if (error instanceof RegistryError) return error;
    throw error;
  }
  throw new Error('expected the registry to refuse to build');
}

describe('toSnakeCase', () => {
  it('maps each capital to an underscore and its lower case', () => {
    expect(toSnakeCase('getPageJson')).toBe('get_page_json');
    expect(toSnakeCase('tableInsertRow')).toBe('table_insert_row');
    expect(toSnakeCase('search')).toBe('search');
  });
});

describe('createToolRegistry refuses to build', () => {
  it('on a duplicate name, naming the tool', () => {
    const error = buildError(() =>
      createToolRegistry({
        specs: [spec({ name: 'getPage' }), spec({ name: 'getPage' })],
        executors: {},
        logger: silent,
      }),
    );
    expect(error.toolName).toBe('getPage');
    expect(error.message).toContain('duplicate tool name "getPage"');
  });

  it('on a name that is not lower camelCase, which keeps snake_case names one-to-one', () => {
    const error = buildError(() =>
      createToolRegistry({
        specs: [spec({ name: 'get_page', mcpName: 'get_page' })],
        executors: {},
        logger: silent,
      }),
    );
    expect(error.toolName).toBe('get_page');
    expect(error.message).toContain('name must be lower camelCase');
  });

  it('on an mcpName that is not the snake_case of the name', () => {
    const error = buildError(() =>
      createToolRegistry({
        specs: [spec({ name: 'getPageJson', mcpName: 'get_pagejson' })],
        executors: {},
        logger: silent,
      }),
    );
    expect(error.toolName).toBe('getPageJson');
    expect(error.message).toBe(
      'Tool "getPageJson": mcpName "get_pagejson" is not the snake_case of the name; it must be "get_page_json"',
    );
  });

  it('on a deferred tool without a catalog line', () => {
    const error = buildError(() =>
      createToolRegistry({
        specs: [spec({ name: 'getTable', tier: 'deferred' })],
        executors: {},
        logger: silent,
      }),
    );
    expect(error.toolName).toBe('getTable');
    expect(error.message).toContain('needs a catalogLine');
  });

  it('on a blank catalog line of a deferred tool', () => {
    const error = buildError(() =>
      createToolRegistry({
        specs: [
          spec({ name: 'getTable', tier: 'deferred', catalogLine: '  ' }),
        ],
        executors: {},
        logger: silent,
      }),
    );
    expect(error.message).toContain(
      'Tool "getTable": a deferred tool needs a catalogLine',
    );
  });

  it('on a catalog line with a newline', () => {
    const error = buildError(() =>
      createToolRegistry({
        specs: [
          spec({
            name: 'getTable',
            tier: 'deferred',
            catalogLine: 'read a table\nas cells',
          }),
        ],
        executors: {},
        logger: silent,
      }),
    );
    expect(error.toolName).toBe('getTable');
    expect(error.message).toContain('single line');
  });

  it('on a catalog line over 200 characters, and accepts exactly 200', () => {
    const error = buildError(() =>
      createToolRegistry({
        specs: [
          spec({
            name: 'getTable',
            tier: 'deferred',
            catalogLine: 'x'.repeat(201),
          }),
        ],
        executors: {},
        logger: silent,
      }),
    );
    expect(error.message).toBe(
      'Tool "getTable": catalogLine is 201 characters; at most 200 are allowed',
    );
    const registry = createToolRegistry({
      specs: [
        spec({
          name: 'getTable',
          tier: 'deferred',
          catalogLine: 'x'.repeat(200),
        }),
      ],
      executors: {},
      logger: silent,
    });
    expect(registry.allTools).toHaveLength(1);
  });

  it('on an executor for a tool that has no spec', () => {
    const executors = {
      getPage: async () => 'page',
      getPgae: async () => 'typo',
    };
    const error = buildError(() =>
      createToolRegistry({
        specs: [spec({ name: 'getPage' })],
        executors,
        logger: silent,
      }),
    );
    expect(error.toolName).toBe('getPgae');
    expect(error.message).toContain('no spec; valid names: getPage');
  });

  it('on an input schema that JSON Schema cannot express', () => {
    const error = buildError(() =>
      createToolRegistry({
        specs: [
          spec({
            name: 'listShares',
            inputSchema: z.object({ since: z.date() }),
          }),
        ],
        executors: {},
        logger: silent,
      }),
    );
    expect(error.toolName).toBe('listShares');
    expect(error.message).toContain('cannot be expressed as JSON Schema');
  });

  it('on an unbound tool in strict mode, naming it', () => {
    const error = buildError(() =>
      createToolRegistry({
        specs: [spec({ name: 'getPage' }), spec({ name: 'getOutline' })],
        executors: { getPage: async () => 'page' },
        strict: true,
        logger: silent,
      }),
    );
    expect(error.toolName).toBe('getOutline');
    expect(error.message).toContain('strict mode');
    expect(error.message).toContain('getOutline');
  });
});

describe('createToolRegistry', () => {
  const specs = [
    spec({ name: 'getPage' }),
    spec({ name: 'getTable', tier: 'deferred', catalogLine: 'read a table' }),
    spec({ name: 'getOutline' }),
    spec({
      name: 'renamePage',
      tier: 'deferred',
      catalogLine: 'rename a page',
    }),
  ];

  it('leaves unbound tools out of lookups and tier lists, and warns naming them', () => {
    const warnings: string[] = [];
    const registry = createToolRegistry({
      specs,
      executors: { getPage: async () => 'page', getTable: async () => 'table' },
      logger: { warn: (message) => warnings.push(message) },
    });
    expect(registry.allTools.map((tool) => tool.spec.name)).toEqual([
      'getPage',
      'getTable',
      'getOutline',
      'renamePage',
    ]);
    expect(registry.tools.map((tool) => tool.spec.name)).toEqual([
      'getPage',
      'getTable',
    ]);
    expect(registry.unboundNames).toEqual(['getOutline', 'renamePage']);
    expect(registry.coreTools.map((tool) => tool.spec.name)).toEqual([
      'getPage',
    ]);
    expect(registry.deferredTools.map((tool) => tool.spec.name)).toEqual([
      'getTable',
    ]);
    expect(registry.get('getOutline')).toBeUndefined();
    expect(registry.getByMcpName('rename_page')).toBeUndefined();
    expect(registry.getByMcpName('get_table')?.spec.name).toBe('getTable');
    expect(warnings).toEqual([
      '2 tool(s) have no executor and are left out of every surface and the catalog: getOutline, renamePage',
    ]);
  });

  it('does not warn when every tool is bound', () => {
    const warnings: string[] = [];
    createToolRegistry({
      specs: [spec({ name: 'getPage' })],
      executors: { getPage: async () => 'page' },
      logger: { warn: (message) => warnings.push(message) },
    });
    expect(warnings).toEqual([]);
  });

  it('computes each input JSON Schema once, frozen, in the MCP SDK conversion (draft-07, input side)', () => {
    const registry = createToolRegistry({
      specs: [
        spec({
          name: 'getPage',
          inputSchema: z.object({
            pageId: z.string().describe('The page'),
            limit: z.number().int().min(1).default(10),
          }),
        }),
      ],
      executors: { getPage: async () => 'page' },
    });
    const schema = registry.get('getPage')!.inputJsonSchema;
    expect(schema).toBe(registry.allTools[0]!.inputJsonSchema);
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(schema.required).toEqual(['pageId']);
    expect(schema.properties?.pageId).toEqual({
      type: 'string',
      description: 'The page',
    });
    expect(Object.isFrozen(schema.properties?.pageId)).toBe(true);
  });

  it('is immutable', () => {
    const registry = createToolRegistry({
      specs: [spec({ name: 'getPage' })],
      executors: { getPage: async () => 'x' },
    });
    expect(Object.isFrozen(registry)).toBe(true);
    expect(Object.isFrozen(registry.tools)).toBe(true);
    expect(() => (registry.tools as unknown[]).push({})).toThrow(TypeError);
  });
});

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
      registry.call('getPage', { pageId: 'p1' }, context),
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
      .call('getPage', { pageId: 42, limit: 'ten' }, context)
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
    await expect(registry.call('getOutline', {}, context)).rejects.toThrow(
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
    const outcome = await registry.call('getPage', { pageId: 'p1' }, context);
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
      registry.call('getPage', { pageId: 'p1' }, context),
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
      .call('getPage', { pageId: 'p1' }, context)
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
      .call('getPage', { pageId: 'p1' }, context)
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
      registry.call('getPage', { pageId: 'p1' }, context),
    ).rejects.toThrow('getPage failed because of an internal error');
    expect(logged[0]).toContain('called next() twice for getPage');
    expect(executor).toHaveBeenCalledTimes(1);
  });
});
