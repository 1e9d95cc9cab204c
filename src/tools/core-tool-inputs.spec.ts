import { parseToolInput } from '../registry/tool-input-schema';
import type { AnyToolSpec } from '../registry/tool-spec';
import {
  COMMENT_TOOLS,
  createCommentTool,
  listCommentsTool,
  resolveCommentTool,
} from './comments/comments.tools';
import { EDIT_TEXT_TOOLS, editPageTextTool } from './edit-text/edit-text.tools';
import {
  getNodeTool,
  getPageTool,
  listPagesTool,
  READING_TOOLS,
  searchPagesTool,
} from './reading/reading.tools';
import { CORE_TOOL_NAMES } from './tool-definitions';

/** The message the model reads for bad input (both surfaces use it). */
async function inputError(spec: AnyToolSpec, input: unknown): Promise<string> {
  const result = await parseToolInput(spec, input);
  if (result.success)
    throw new Error(`${spec.name} accepted ${JSON.stringify(input)}`);
  return result.error.message;
}

describe('core tool inputs', () => {
  it('are all core-tier tools with snake_case MCP names', () => {
    // checkNewComments lives with the comment tools but is deferred.
    const core = [
      ...READING_TOOLS,
      ...COMMENT_TOOLS,
      ...EDIT_TEXT_TOOLS,
    ].filter((spec) => spec.name !== 'checkNewComments');
    expect(core.map((spec) => spec.name)).toEqual(CORE_TOOL_NAMES);
    for (const spec of core) {
      expect({
        name: spec.name,
        tier: spec.tier,
        mcpName: spec.mcpName,
      }).toEqual({
        name: spec.name,
        tier: 'core',
        mcpName: spec.name.replace(
          /[A-Z]/g,
          (letter) => `_${letter.toLowerCase()}`,
        ),
      });
    }
  });

  it('fill defaults the executors rely on', () => {
    expect(searchPagesTool.inputSchema.parse({ query: ' roadmap ' })).toEqual({
      query: 'roadmap',
      limit: 10,
    });
    expect(getPageTool.inputSchema.parse({ pageId: 'VFEpewF8Mc' })).toEqual({
      pageId: 'VFEpewF8Mc',
      fromBlock: 0,
      maxChars: 20000,
    });
    expect(listCommentsTool.inputSchema.parse({ pageId: 'p' })).toEqual({
      pageId: 'p',
      includeResolved: false,
      limit: 50,
    });
    expect(resolveCommentTool.inputSchema.parse({ commentId: 'c' })).toEqual({
      commentId: 'c',
      resolved: true,
    });
    expect(
      editPageTextTool.inputSchema.parse({
        pageId: 'p',
        find: 'a',
        replace: '',
      }),
    ).toEqual({ pageId: 'p', find: 'a', replace: '', replaceAll: false });
  });

  it.each([
    [
      getPageTool.name,
      getPageTool,
      { pageId: 42 },
      /expected string, received number at pageId/,
    ],
    [
      getPageTool.name,
      getPageTool,
      {},
      /expected string, received undefined at pageId/,
    ],
    [
      searchPagesTool.name,
      searchPagesTool,
      { query: 'x', limit: 500 },
      /Too big: expected number to be <=50 at limit/,
    ],
    [
      searchPagesTool.name,
      searchPagesTool,
      { query: 'x', limit: 2.5 },
      /expected int, received number at limit/,
    ],
    [
      searchPagesTool.name,
      searchPagesTool,
      { query: '   ' },
      /Too small: expected string to have >=1 characters at query/,
    ],
    [
      listPagesTool.name,
      listPagesTool,
      { limit: '10' },
      /expected number, received string at limit/,
    ],
    [
      getNodeTool.name,
      getNodeTool,
      { pageId: 'p', block: ['#1'] },
      /expected string, received array at block/,
    ],
    [
      createCommentTool.name,
      createCommentTool,
      { pageId: 'p', content: 'x', selection: 'y'.repeat(251) },
      /Too big: expected string to have <=250 characters at selection/,
    ],
    [
      listCommentsTool.name,
      listCommentsTool,
      { pageId: 'p', includeResolved: 'yes' },
      /expected boolean, received string at includeResolved/,
    ],
    [
      editPageTextTool.name,
      editPageTextTool,
      { pageId: 'p', find: '', replace: 'b' },
      /Too small: expected string to have >=1 characters at find/,
    ],
    [
      editPageTextTool.name,
      editPageTextTool,
      { pageId: 'p', find: 'a' },
      /expected string, received undefined at replace/,
    ],
  ])(
    '%s rejects bad input, naming the field and the expected type (case %#)',
    async (_name, spec, input, message) => {
      expect(await inputError(spec as AnyToolSpec, input)).toMatch(message);
    },
  );

  it('refuse a formatting key on editPageText instead of silently ignoring it', async () => {
    const message = await inputError(editPageTextTool, {
      pageId: 'p',
      find: 'a',
      replace: 'b',
      marks: [{ type: 'bold' }],
    });
    expect(message).toMatch(/Unrecognized key.*"marks"/);
    expect(
      searchPagesTool.inputSchema.safeParse({ query: 'x', unknown: 1 }).success,
    ).toBe(true);
  });
});
