import { z } from 'zod';
import { createToolRegistry } from './create-tool-registry';
import { toModelInputJsonSchema } from './model-input-schema';
import { toInputJsonSchema } from './tool-input-schema';
import { defineTool } from './tool-spec';

const input = z.strictObject({
  pageId: z.string().trim().min(1).max(128).describe('The page.'),
  limit: z.number().int().min(1).max(50).default(10).describe('At most 50.'),
  pattern: z
    .string()
    .regex(/^#?\d+$/)
    .optional()
    .describe('A field named like a keyword.'),
  kind: z.enum(['a', 'b']).optional(),
  names: z.array(z.string().min(1)).min(1).max(5).optional(),
  either: z.union([z.number().int().min(0), z.string().regex(/^#\d+$/)]),
  attrs: z.record(z.string(), z.string()).optional(),
});

describe('toModelInputJsonSchema', () => {
  const full = toInputJsonSchema(input);
  const lean = toModelInputJsonSchema(full);

  it('drops $schema and every validation-only keyword at every level', () => {
    expect(lean).toEqual({
      type: 'object',
      properties: {
        pageId: { type: 'string', description: 'The page.' },
        limit: { type: 'integer', default: 10, description: 'At most 50.' },
        pattern: {
          type: 'string',
          description: 'A field named like a keyword.',
        },
        kind: { type: 'string', enum: ['a', 'b'] },
        names: { type: 'array', items: { type: 'string' } },
        either: { anyOf: [{ type: 'integer' }, { type: 'string' }] },
        attrs: { type: 'object' },
      },
      required: ['pageId', 'either'],
    });
    // The full schema keeps them: it is what MCP lists.
    expect(full.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(full.additionalProperties).toBe(false);
    expect(full.properties?.limit).toMatchObject({ minimum: 1, maximum: 50 });
  });

  it('returns a frozen schema and leaves the full one untouched', () => {
    expect(Object.isFrozen(lean)).toBe(true);
    expect(Object.isFrozen(lean.properties?.either)).toBe(true);
    expect(full.properties?.pageId).toMatchObject({
      minLength: 1,
      maxLength: 128,
    });
  });

  it('is what the registry gives the chat, while zod still refuses what the bounds refuse', async () => {
    const registry = createToolRegistry({
      specs: [
        defineTool({
          name: 'listPages',
          mcpName: 'list_pages',
          title: 'List pages',
          description: 'Lists pages.',
          tier: 'core',
          inputSchema: input,
          annotations: {},
        }),
      ],
      executors: { listPages: async () => 'ok' },
    });
    const tool = registry.get('listPages')!;
    expect(tool.modelInputJsonSchema).toEqual(lean);
    expect(tool.inputJsonSchema).toEqual(full);
    const parsed = await registry.parseInput(tool, {
      pageId: 'p',
      either: 1,
      limit: 51,
    });
    expect(parsed.success).toBe(false);
    expect(!parsed.success && parsed.error.message).toBe(
      'Invalid arguments for tool listPages: Too big: expected number to be <=50 at limit',
    );
  });
});
