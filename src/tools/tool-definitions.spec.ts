import {
  createToolRegistry,
  MAX_CATALOG_LINE_LENGTH,
} from '../registry/create-tool-registry';
import { NODE_INPUT_ERROR } from '../registry/prosemirror-node-input';
import { parseToolInput } from '../registry/tool-input-schema';
import type { ToolInputJsonSchema } from '../registry/tool-input-schema';
import {
  CATALOG_LINES,
  CORE_TOOL_NAMES,
  DEFERRED_TOOL_NAMES,
  TOOL_DEFINITIONS,
  TOOL_NAMES,
} from './tool-definitions';
import { SPECIFIED_TOOL_CATALOG_BLOCK } from '../../test/deferred/specified-texts';

/** The catalog lines ("- <name> — <purpose>") of the specified `<tool_catalog>` block. */
const SPECIFIED_CATALOG_LINES = SPECIFIED_TOOL_CATALOG_BLOCK.split('\n').filter(
  (line) => line.startsWith('- '),
);

describe('the tool definitions', () => {
  it('define every tool of the design exactly once, in canonical order', () => {
    expect(TOOL_DEFINITIONS.map((spec) => spec.name)).toEqual([...TOOL_NAMES]);
    expect(TOOL_NAMES).toHaveLength(41);
    expect(new Set(TOOL_NAMES).size).toBe(41);
  });

  it('split into the 13 core and 28 deferred tools of the catalog', () => {
    expect(CORE_TOOL_NAMES).toHaveLength(13);
    expect(DEFERRED_TOOL_NAMES).toHaveLength(28);
    expect(
      TOOL_DEFINITIONS.filter((spec) => spec.tier === 'core').map(
        (spec) => spec.name,
      ),
    ).toEqual([...CORE_TOOL_NAMES]);
    expect(
      TOOL_DEFINITIONS.filter((spec) => spec.tier === 'deferred').map(
        (spec) => spec.name,
      ),
    ).toEqual([...DEFERRED_TOOL_NAMES]);
  });

  it('keep the specified catalog lines verbatim', () => {
    expect(Object.keys(CATALOG_LINES)).toEqual([...DEFERRED_TOOL_NAMES]);
    const rendered = DEFERRED_TOOL_NAMES.map(
      (name) => `- ${name} — ${CATALOG_LINES[name]}`,
    ).join('\n');
    expect(rendered).toBe(SPECIFIED_CATALOG_LINES.join('\n'));
    for (const line of Object.values(CATALOG_LINES)) {
      expect(line).not.toMatch(/[\r\n]/);
      expect(line.length).toBeLessThanOrEqual(MAX_CATALOG_LINE_LENGTH);
    }
  });

  it('give each deferred tool its catalog line and no core tool one', () => {
    for (const spec of TOOL_DEFINITIONS) {
      const expected =
        spec.tier === 'deferred'
          ? CATALOG_LINES[spec.name as keyof typeof CATALOG_LINES]
          : undefined;
      expect({ name: spec.name, catalogLine: spec.catalogLine }).toEqual({
        name: spec.name,
        catalogLine: expected,
      });
    }
  });

  it('build a registry: names, MCP names, catalog lines and schemas all pass its checks', () => {
    const registry = createToolRegistry({
      specs: TOOL_DEFINITIONS,
      executors: {},
      logger: { warn: () => undefined },
    });
    expect(registry.allTools).toHaveLength(TOOL_DEFINITIONS.length);
  });

  it('describe every input field to the model', () => {
    const registry = createToolRegistry({
      specs: TOOL_DEFINITIONS,
      executors: {},
      logger: { warn: () => undefined },
    });
    const undescribed = registry.allTools.flatMap(({ spec, inputJsonSchema }) =>
      Object.entries(inputJsonSchema.properties ?? {})
        .filter(
          ([, field]) =>
            typeof (field as ToolInputJsonSchema).description !== 'string',
        )
        .map(([field]) => `${spec.name}.${field}`),
    );
    expect(undescribed).toEqual([]);
  });

  it('have a title and a model-facing description of some substance', () => {
    for (const spec of TOOL_DEFINITIONS) {
      expect({ name: spec.name, title: spec.title.trim() !== '' }).toEqual({
        name: spec.name,
        title: true,
      });
      expect({ name: spec.name, long: spec.description.length >= 80 }).toEqual({
        name: spec.name,
        long: true,
      });
    }
  });

  it.each([
    [
      'patchNode',
      'node',
      { nodeId: 'abcdefghijkl' },
      { type: 'paragraph', content: [{ type: 'text', text: 'Hi' }] },
    ],
    [
      'insertNode',
      'node',
      {},
      { type: 'paragraph', content: [{ type: 'text', text: 'Hi' }] },
    ],
    ['updatePageJson', 'doc', {}, { type: 'doc', content: [] }],
  ])(
    '%s takes its %s as an object or a JSON string, and rejects bad JSON by name',
    async (name, field, rest, node) => {
      const spec = TOOL_DEFINITIONS.find(
        (candidate) => candidate.name === name,
      )!;
      const asObject = await parseToolInput(spec, {
        pageId: 'p1',
        ...rest,
        [field]: node,
      });
      const asString = await parseToolInput(spec, {
        pageId: 'p1',
        ...rest,
        [field]: JSON.stringify(node),
      });
      expect(asObject).toMatchObject({
        success: true,
        input: { [field]: node },
      });
      expect(asString).toMatchObject({
        success: true,
        input: { [field]: node },
      });
      const bad = await parseToolInput(spec, {
        pageId: 'p1',
        ...rest,
        [field]: '{"type":',
      });
      expect(bad.success).toBe(false);
      expect(bad.success ? '' : bad.error.message).toContain(
        `${NODE_INPUT_ERROR}; the string is not valid JSON (`,
      );
      expect(bad.success ? '' : bad.error.message).toContain(` at ${field}`);
    },
  );
});
