import { z } from 'zod';
import { createToolRegistry } from './create-tool-registry';
import { registryRefusal, silent, spec } from './tool-registry.fixture';

describe('createToolRegistry refuses to build', () => {
  it('on a duplicate name, naming the tool', () => {
    const error = registryRefusal([
      spec({ name: 'getPage' }),
      spec({ name: 'getPage' }),
    ]);
    expect(error.toolName).toBe('getPage');
    expect(error.message).toContain('duplicate tool name "getPage"');
  });

  it('on a name that is not lower camelCase, which keeps snake_case names one-to-one', () => {
    const error = registryRefusal([
      spec({ name: 'get_page', mcpName: 'get_page' }),
    ]);
    expect(error.toolName).toBe('get_page');
    expect(error.message).toContain('name must be lower camelCase');
  });

  it('on an mcpName that is not the snake_case of the name', () => {
    const error = registryRefusal([
      spec({ name: 'getPageJson', mcpName: 'get_pagejson' }),
    ]);
    expect(error.toolName).toBe('getPageJson');
    expect(error.message).toBe(
      'Tool "getPageJson": mcpName "get_pagejson" is not the snake_case of the name; it must be "get_page_json"',
    );
  });

  it('on a deferred tool without a catalog line', () => {
    const error = registryRefusal([
      spec({ name: 'getTable', tier: 'deferred' }),
    ]);
    expect(error.toolName).toBe('getTable');
    expect(error.message).toContain('needs a catalogLine');
  });

  it('on a blank catalog line of a deferred tool', () => {
    const error = registryRefusal([
      spec({ name: 'getTable', tier: 'deferred', catalogLine: '  ' }),
    ]);
    expect(error.message).toContain(
      'Tool "getTable": a deferred tool needs a catalogLine',
    );
  });

  it('on a catalog line with a newline', () => {
    const error = registryRefusal([
      spec({
        name: 'getTable',
        tier: 'deferred',
        catalogLine: 'read a table\nas cells',
      }),
    ]);
    expect(error.toolName).toBe('getTable');
    expect(error.message).toContain('single line');
  });

  it('on a catalog line over 200 characters, and accepts exactly 200', () => {
    const error = registryRefusal([
      spec({
        name: 'getTable',
        tier: 'deferred',
        catalogLine: 'x'.repeat(201),
      }),
    ]);
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
    const error = registryRefusal([spec({ name: 'getPage' })], { executors });
    expect(error.toolName).toBe('getPgae');
    expect(error.message).toContain('no spec; valid names: getPage');
  });

  it('on an input schema that JSON Schema cannot express', () => {
    const error = registryRefusal([
      spec({
        name: 'listShares',
        inputSchema: z.object({ since: z.date() }),
      }),
    ]);
    expect(error.toolName).toBe('listShares');
    expect(error.message).toContain('cannot be expressed as JSON Schema');
  });

  it('on an unbound tool in strict mode, naming it', () => {
    const error = registryRefusal(
      [spec({ name: 'getPage' }), spec({ name: 'getOutline' })],
      { executors: { getPage: async () => 'page' }, strict: true },
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
