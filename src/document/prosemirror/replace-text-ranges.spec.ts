import fc from 'fast-check';
import {
  findOccurrences,
  matchableText,
  replaceTextRange,
  replaceTextRanges,
} from './inline-text';
import type { ProseMirrorNode } from './prosemirror-node';

/** A paragraph of short text runs over a two-letter alphabet (so matches are frequent), some bold, some mentions. */
const block = fc
  .array(
    fc.oneof(
      {
        weight: 5,
        arbitrary: fc.record({
          text: fc.stringMatching(/^[ab]{1,6}$/),
          bold: fc.boolean(),
        }),
      },
      { weight: 1, arbitrary: fc.constant(undefined) },
    ),
    { maxLength: 12 },
  )
  .map((children): ProseMirrorNode => ({
    type: 'paragraph',
    content: children.map((child) =>
      child === undefined
        ? { type: 'mention', attrs: { id: 'x' } }
        : {
            type: 'text',
            text: child.text,
            ...(child.bold ? { marks: [{ type: 'bold' }] } : {}),
          },
    ),
  }));

describe('replaceTextRanges', () => {
  it('gives the same block as replacing each occurrence one by one, right to left', () => {
    fc.assert(
      fc.property(
        block,
        fc.stringMatching(/^[ab]{1,3}$/),
        fc.stringMatching(/^[abc]{0,3}$/),
        (paragraph, find, replacement) => {
          const starts = findOccurrences(matchableText(paragraph), find);
          fc.pre(starts.length > 0);
          const oneByOne = starts.reduceRight(
            (node, start) =>
              replaceTextRange(node, start, start + find.length, replacement),
            paragraph,
          );
          expect(
            replaceTextRanges(paragraph, starts, find.length, replacement),
          ).toEqual(oneByOne);
        },
      ),
    );
  });

  it('refuses a range over an inline atom or past the end of the text', () => {
    const paragraph: ProseMirrorNode = {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'ab' },
        { type: 'mention' },
        { type: 'text', text: 'cd' },
      ],
    };
    expect(() => replaceTextRanges(paragraph, [1], 2, 'x')).toThrow(
      'covers a mention node',
    );
    expect(() => replaceTextRanges(paragraph, [4], 2, 'x')).toThrow(
      "a range ends outside the block's text (length 5)",
    );
  });
});
