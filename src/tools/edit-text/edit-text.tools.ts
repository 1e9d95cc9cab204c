import { z } from 'zod';
import { defineTool } from '../../registry/tool-spec';
import { ID_TOO_LONG, MAX_ID_LENGTH, pageIdField } from '../shared-fields';

export const MAX_EDIT_TEXT_LENGTH = 2000;

export const editPageTextTool = defineTool({
  name: 'editPageText',
  mcpName: 'edit_page_text',
  title: 'Edit page text',
  description: [
    'Replaces exact plain text in a page. `find` must match the text of ONE block exactly (a paragraph, heading, list item, table cell or code block; case, spaces and punctuation included): copy it verbatim from getPage.',
    'Formatting inside the match does not matter: "ship faster" matches even when "faster" is bold. The replacement takes the formatting at the start of the match; the rest of the block keeps its own.',
    'Use it for wording changes: typos, rephrasing a sentence, updating a number or a name. Keep `find` short but unique: the words to change plus a few around them.',
    'It changes TEXT only. It cannot add or remove bold, italic, code, links or headings, and the page contains no Markdown, so `find` or `replace` with Markdown syntax (**bold**, _italic_, `code`, [text](url), # heading) is refused. To change formatting or structure use patchNode (activate it with loadTools).',
    'When `find` occurs more than once the call fails and lists every match with its block id and context: make `find` longer, scope it with blockId, or pass replaceAll: true to change them all. Text cannot be matched across two blocks, a mention or a line break.',
    'The write is atomic and checked: if the page changed since it was read (a human editing it), nothing is written and you get a conflict error; read the page again and retry. Every successful edit adds a page history version.',
    'Returns a verify report: the number of replacements and, per changed block, its id and its text before and after. Check it shows what you intended.',
  ].join('\n'),
  tier: 'core',
  // Strict: an extra key such as `bold` or `marks` is a formatting request this tool cannot
  // honour; ignoring it silently would report a success that did not happen.
  inputSchema: z.strictObject({
    pageId: pageIdField,
    find: z
      .string()
      .min(1)
      .max(MAX_EDIT_TEXT_LENGTH)
      .describe(
        'The exact text to replace, as it appears in getPage (plain text, within one block).',
      ),
    replace: z
      .string()
      .max(MAX_EDIT_TEXT_LENGTH)
      .describe('The new text, plain. An empty string deletes the found text.'),
    replaceAll: z
      .boolean()
      .default(false)
      .describe(
        'Replace every occurrence. Default false: more than one occurrence is an error listing them.',
      ),
    blockId: z
      .string()
      .trim()
      .min(1)
      .max(MAX_ID_LENGTH, ID_TOO_LONG)
      .optional()
      .describe(
        'Search only this block: a block id, or "#<index>" for a top-level block such as a table or list (its cells and items are searched).',
      ),
  }),
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: false,
    openWorldHint: false,
  },
});

/** Plain-text editing: core tier, always active. */
export const EDIT_TEXT_TOOLS = [editPageTextTool] as const;
