import { findTextMatches, replaceText } from './text-edit';
import {
  bold,
  italic,
  paragraph,
  SAMPLE_DOCUMENT,
  text,
} from './test-documents.fixture';
import type { ProseMirrorNode } from './prosemirror-node';

const doc = (...content: ProseMirrorNode[]): ProseMirrorNode => ({
  type: 'doc',
  content,
});

describe('replaceText', () => {
  it('replaces a match that spans text nodes with different marks, taking the marks at its start', () => {
    const result = replaceText(
      SAMPLE_DOCUMENT,
      'ship faster',
      'deliver sooner',
    );
    expect(result.replacements).toBe(1);
    expect(result.doc.content?.[1]?.content).toEqual([
      text('We deliver sooner with docs.'),
    ]);
    expect(result.changedBlocks).toEqual([
      {
        blockId: 'bbbbbbbbbbbb',
        topLevelIndex: 1,
        path: [1],
        replacements: 1,
        before: 'We ship faster with docs.',
        after: 'We deliver sooner with docs.',
      },
    ]);
  });

  it('keeps the marks of text inside a marked run and around the match', () => {
    const result = replaceText(SAMPLE_DOCUMENT, 'faste', 'quicke');
    expect(result.doc.content?.[1]?.content).toEqual([
      text('We ship '),
      text('quicker', bold),
      text(' with docs.'),
    ]);
    const starting = replaceText(SAMPLE_DOCUMENT, 'er with', 'est in');
    expect(starting.doc.content?.[1]?.content).toEqual([
      text('We ship '),
      text('fastest in', bold),
      text(' docs.'),
    ]);
  });

  it('replaces every occurrence at every depth and leaves the input untouched', () => {
    const result = replaceText(SAMPLE_DOCUMENT, 'ship', 'send');
    expect(result.replacements).toBe(3);
    expect(result.changedBlocks.map((block) => block.blockId)).toEqual([
      'bbbbbbbbbbbb',
      'cccccccccccc',
      null,
    ]);
    expect(result.doc.content?.[5]?.content).toEqual([text('send()')]);
    expect(SAMPLE_DOCUMENT.content?.[1]?.content?.[0]).toEqual(
      text('We ship '),
    );
  });

  it('replaces several occurrences in one block from right to left', () => {
    const input = doc(
      paragraph(
        'pppppppppppp',
        text('teh cat and '),
        text('teh', italic),
        text(' dog'),
      ),
    );
    const result = replaceText(input, 'teh', 'the');
    expect(result.doc.content?.[0]?.content).toEqual([
      text('the cat and '),
      text('the', italic),
      text(' dog'),
    ]);
    expect(result.changedBlocks[0]).toMatchObject({
      replacements: 2,
      after: 'the cat and the dog',
    });
  });

  it('deletes text when the replacement is empty and drops the emptied node', () => {
    const result = replaceText(SAMPLE_DOCUMENT, 'faster ', '');
    expect(result.doc.content?.[1]?.content).toEqual([
      text('We ship with docs.'),
    ]);
  });

  it('never matches across an inline atom', () => {
    const input = doc(
      paragraph(
        'pppppppppppp',
        text('ask '),
        { type: 'mention', attrs: { label: 'Ada' } },
        text(' today'),
      ),
    );
    expect(replaceText(input, 'ask  today', 'x').replacements).toBe(0);
    expect(
      replaceText(input, 'today', 'now').doc.content?.[0]?.content?.[2],
    ).toEqual(text(' now'));
  });

  it('limits the search to a scope node', () => {
    const result = replaceText(SAMPLE_DOCUMENT, 'ship', 'send', {
      within: { path: [2] },
    });
    expect(result.replacements).toBe(1);
    expect(result.changedBlocks[0]?.blockId).toBe('cccccccccccc');
  });
});

describe('findTextMatches', () => {
  it('reports each match with its block and surrounding context', () => {
    const matches = findTextMatches(SAMPLE_DOCUMENT, 'ship');
    expect(
      matches.map((match) => [
        match.blockId,
        match.topLevelIndex,
        match.offset,
      ]),
    ).toEqual([
      ['bbbbbbbbbbbb', 1, 3],
      ['cccccccccccc', 2, 0],
      [null, 5, 0],
    ]);
    expect(matches[0]?.context).toBe('We ship faster with docs.');
  });

  it('elides long context on both sides', () => {
    const input = doc(
      paragraph(
        'pppppppppppp',
        text(`${'a'.repeat(50)} needle ${'b'.repeat(50)}`),
      ),
    );
    const [match] = findTextMatches(input, 'needle');
    expect(match?.context).toBe(`…${'a'.repeat(29)} needle ${'b'.repeat(29)}…`);
  });
});
