import {
  findBlockById,
  listTextBlocks,
  listTopLevelBlocks,
  nodeAtPath,
  parseBlockReference,
  replaceNodeAtPath,
  resolveBlockReference,
} from './find-block';
import { paragraph, SAMPLE_DOCUMENT, text } from './test-documents.fixture';

describe('block references', () => {
  it('parses #<index> and block ids, and nothing else', () => {
    expect(parseBlockReference('#3')).toEqual({ kind: 'index', index: 3 });
    expect(parseBlockReference(' bbbbbbbbbbbb ')).toEqual({
      kind: 'id',
      id: 'bbbbbbbbbbbb',
    });
    expect(parseBlockReference('3')).toBeUndefined();
    expect(parseBlockReference('#x')).toBeUndefined();
    expect(parseBlockReference('BBBBBBBBBBBB')).toBeUndefined();
  });

  it('resolves a top-level index and an id nested in a table cell', () => {
    expect(resolveBlockReference(SAMPLE_DOCUMENT, '#3')?.node.type).toBe(
      'table',
    );
    const cell = resolveBlockReference(SAMPLE_DOCUMENT, 'hhhhhhhhhhhh');
    expect(cell).toMatchObject({ path: [3, 1, 1, 0], topLevelIndex: 3 });
    expect(cell?.node.content?.[0]?.text).toBe('$8');
    expect(findBlockById(SAMPLE_DOCUMENT, 'cccccccccccc')?.topLevelIndex).toBe(
      2,
    );
  });

  it('returns undefined for an index past the end or an unknown id', () => {
    expect(resolveBlockReference(SAMPLE_DOCUMENT, '#6')).toBeUndefined();
    expect(
      resolveBlockReference(SAMPLE_DOCUMENT, 'zzzzzzzzzzzz'),
    ).toBeUndefined();
  });
});

describe('walking a document', () => {
  it('lists top-level blocks and text blocks at every depth in document order', () => {
    expect(
      listTopLevelBlocks(SAMPLE_DOCUMENT).map((block) => block.node.type),
    ).toEqual([
      'heading',
      'paragraph',
      'bulletList',
      'table',
      'image',
      'codeBlock',
    ]);
    expect(
      listTextBlocks(SAMPLE_DOCUMENT).map(
        (block) => block.node.attrs?.id ?? block.node.type,
      ),
    ).toEqual([
      'aaaaaaaaaaaa',
      'bbbbbbbbbbbb',
      'cccccccccccc',
      'dddddddddddd',
      'eeeeeeeeeeee',
      'ffffffffffff',
      'gggggggggggg',
      'hhhhhhhhhhhh',
      'codeBlock',
    ]);
  });

  it('replaces a node by path without changing the original document', () => {
    const replacement = paragraph('hhhhhhhhhhhh', text('$9'));
    const updated = replaceNodeAtPath(
      SAMPLE_DOCUMENT,
      [3, 1, 1, 0],
      replacement,
    );
    expect(nodeAtPath(updated, [3, 1, 1, 0])).toBe(replacement);
    expect(nodeAtPath(SAMPLE_DOCUMENT, [3, 1, 1, 0])?.content?.[0]?.text).toBe(
      '$8',
    );
    expect(updated.content?.[0]).toBe(SAMPLE_DOCUMENT.content?.[0]);
    expect(() => replaceNodeAtPath(SAMPLE_DOCUMENT, [9], replacement)).toThrow(
      RangeError,
    );
  });
});
