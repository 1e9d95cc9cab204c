import type { ProseMirrorMark, ProseMirrorNode } from './prosemirror-node';

/** Small documents shared by the ProseMirror helper specs. */

export const text = (
  value: string,
  ...marks: ProseMirrorMark[]
): ProseMirrorNode =>
  marks.length > 0
    ? { type: 'text', text: value, marks }
    : { type: 'text', text: value };
/** A document of one paragraph (no block id) holding the text `value` with `marks`. */
export const textDocument = (
  value: string,
  ...marks: ProseMirrorMark[]
): ProseMirrorNode => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [text(value, ...marks)] }],
});
export const bold: ProseMirrorMark = { type: 'bold' };
export const italic: ProseMirrorMark = { type: 'italic' };
export const paragraph = (
  id: string,
  ...content: ProseMirrorNode[]
): ProseMirrorNode => ({ type: 'paragraph', attrs: { id }, content });
export const heading = (
  id: string,
  level: number,
  value: string,
): ProseMirrorNode => ({
  type: 'heading',
  attrs: { id, level },
  content: [text(value)],
});
const cell = (type: string, block: ProseMirrorNode): ProseMirrorNode => ({
  type,
  attrs: { colspan: 1, rowspan: 1 },
  content: [block],
});

/**
 * #0 heading "Roadmap", #1 paragraph "We ship faster with docs." (faster bold), #2 bullet list
 * of two items, #3 a 2×2 table, #4 an image, #5 a code block.
 */
export const SAMPLE_DOCUMENT: ProseMirrorNode = {
  type: 'doc',
  content: [
    heading('aaaaaaaaaaaa', 1, 'Roadmap'),
    paragraph(
      'bbbbbbbbbbbb',
      text('We ship '),
      text('faster', bold),
      text(' with docs.'),
    ),
    {
      type: 'bulletList',
      content: [
        {
          type: 'listItem',
          content: [paragraph('cccccccccccc', text('ship the docs'))],
        },
        {
          type: 'listItem',
          content: [paragraph('dddddddddddd', text('review'))],
        },
      ],
    },
    {
      type: 'table',
      content: [
        {
          type: 'tableRow',
          content: [
            cell('tableHeader', paragraph('eeeeeeeeeeee', text('Plan'))),
            cell('tableHeader', paragraph('ffffffffffff', text('Price'))),
          ],
        },
        {
          type: 'tableRow',
          content: [
            cell('tableCell', paragraph('gggggggggggg', text('Team'))),
            cell('tableCell', paragraph('hhhhhhhhhhhh', text('$8'))),
          ],
        },
      ],
    },
    {
      type: 'image',
      attrs: { src: '/files/diagram.png', alt: 'architecture diagram' },
    },
    { type: 'codeBlock', attrs: { language: 'ts' }, content: [text('ship()')] },
  ],
};
