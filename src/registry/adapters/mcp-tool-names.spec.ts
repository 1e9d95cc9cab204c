import { z } from 'zod';
import { createMcpToolNameTranslator } from './mcp-tool-names';
import type { RegisteredTool } from '../tool-registry';

function registered(name: string, mcpName: string): RegisteredTool {
  const inputJsonSchema = z.toJSONSchema(
    z.object({}),
  ) as RegisteredTool['inputJsonSchema'];
  return {
    spec: { name, mcpName } as RegisteredTool['spec'],
    inputJsonSchema,
    modelInputJsonSchema: inputJsonSchema,
  };
}

describe('createMcpToolNameTranslator', () => {
  const toMcpNames = createMcpToolNameTranslator([
    registered('getPage', 'get_page'),
    registered('getPageJson', 'get_page_json'),
    registered('listComments', 'list_comments'),
    registered('search', 'search'),
  ]);

  it('renames every whole-word mention of a tool, the longer name winning over its prefix', () => {
    expect(
      toMcpNames(
        'Call getPageJson first, then getPage(pageId); see listComments.',
      ),
    ).toBe(
      'Call get_page_json first, then get_page(pageId); see list_comments.',
    );
  });

  it('leaves words that merely contain a tool name, and text without names, as they are', () => {
    expect(
      toMcpNames('getPages, mygetPage, getPage_x and getPage2 are not tools'),
    ).toBe('getPages, mygetPage, getPage_x and getPage2 are not tools');
    expect(toMcpNames('search the workspace')).toBe('search the workspace');
  });

  it('is idempotent: MCP names stay MCP names', () => {
    const once = toMcpNames('use getPage or listComments');
    expect(toMcpNames(once)).toBe(once);
  });
});
