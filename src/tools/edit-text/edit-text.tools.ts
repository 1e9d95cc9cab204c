import { z } from 'zod';
import { defineTool } from '../../registry';
import { optionalIdField, pageIdField } from '../shared-fields';
import { CHANGES } from '../tool-annotations';

export const MAX_EDIT_TEXT_LENGTH = 2000;

export const editPageTextTool = defineTool({
  name: 'editPageText',
  mcpName: 'edit_page_text',
  title: 'Edit page text',
  description: [
    'Replaces exact plain text in a page. `find` must match the text of ONE block (paragraph, heading, list item, table cell, code block) exactly, copied verbatim from getPage: keep it short but unique. Formatting inside the match does not matter; the replacement takes the formatting at its start.',
    'Text only: no Markdown, and it cannot change bold, links or headings (patchNode does, via loadTools). Use it for typos, rewording, numbers and names.',
    "Checked against concurrent edits; returns each changed block's text before and after.",
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
      .describe('The exact text to replace, as getPage shows it.'),
    replace: z
      .string()
      .max(MAX_EDIT_TEXT_LENGTH)
      .describe('The new plain text; empty deletes.'),
    replaceAll: z
      .boolean()
      .default(false)
      .describe('Replace every occurrence, not just a unique one.'),
    blockId: optionalIdField('Search only this block: id or "#<index>".'),
  }),
  annotations: CHANGES,
});

/** Plain-text editing: core tier, always active. */
export const EDIT_TEXT_TOOLS = [editPageTextTool] as const;
