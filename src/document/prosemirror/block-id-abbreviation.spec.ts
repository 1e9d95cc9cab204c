import fc from 'fast-check';
import { ToolError } from '../../ground';
import { blockIdNames, expandBlockId } from './block-id-abbreviation';
import { locateBlock } from './block-tree';
import { parseBlockReference, resolveBlockReference } from './find-block';
import type { ProseMirrorNode } from './prosemirror-node';
import { renderDocumentText } from './render-text';

const paragraph = (id: string, text = 'text'): ProseMirrorNode => ({
  type: 'paragraph',
  attrs: { id },
  content: [{ type: 'text', text }],
});
const page = (...content: ProseMirrorNode[]): ProseMirrorNode => ({
  type: 'doc',
  content,
});

describe('blockIdNames', () => {
  it('shows each id by its shortest start of at least five letters that no other id shares', () => {
    const name = blockIdNames(
      page(
        paragraph('abcdefghijkl'),
        paragraph('abcdezzzzzzz'),
        paragraph('abcdefqqqqqq'),
        paragraph('qwertyuiopas'),
      ),
    );
    expect(name('abcdefghijkl')).toBe('abcdefg');
    expect(name('abcdefqqqqqq')).toBe('abcdefq');
    expect(name('abcdezzzzzzz')).toBe('abcdez');
    expect(name('qwertyuiopas')).toBe('qwert');
  });

  it("never names a block by another node's whole id, which an exact lookup would find first", () => {
    const doc = page(
      paragraph('abcdefgh', 'an imported id'),
      paragraph('abcdefghqqqq', 'second'),
      paragraph('abcdefgzzzzz', 'third'),
    );
    const name = blockIdNames(doc);
    expect(['abcdefgh', 'abcdefghqqqq', 'abcdefgzzzzz'].map(name)).toEqual([
      'abcdefgh',
      'abcdefghq',
      'abcdefgz',
    ]);
    expect(locateBlock(doc, 'abcdefghq')?.path).toEqual([1]);
    expect(locateBlock(doc, 'abcdefgh')?.path).toEqual([0]);
  });

  it('shows an id the page has twice, and anything not a block id, whole', () => {
    const name = blockIdNames(
      page(paragraph('abcdefghijkl'), paragraph('abcdefghijkl')),
    );
    expect(name('abcdefghijkl')).toBe('abcdefghijkl');
    expect(name('5eed0007-0000-4000-8000-000000000001')).toBe(
      '5eed0007-0000-4000-8000-000000000001',
    );
  });

  it('names ids against the whole page, so a page read in parts shows them the same way', () => {
    const doc = page(
      paragraph('abcdefghijkl', 'first'),
      paragraph('abcdefzzzzzz', 'second'),
    );
    expect(renderDocumentText(doc, { fromBlock: 1 }).text).toBe(
      '#1 [abcdefz] second',
    );
  });

  it('gives every block a name that resolves back to it (any ids, many sharing long starts)', () => {
    const blockId = fc.oneof(
      fc.stringMatching(/^[a-z]{12}$/),
      fc.stringMatching(/^[ab]{8}[a-z]{4}$/),
    );
    fc.assert(
      fc.property(
        fc.uniqueArray(blockId, { minLength: 1, maxLength: 60 }),
        (ids) => {
          const doc = page(...ids.map((id) => paragraph(id)));
          const name = blockIdNames(doc);
          for (const id of ids) {
            expect(name(id).length).toBeGreaterThanOrEqual(5);
            expect(expandBlockId(doc, name(id))).toBe(id);
            expect(resolveBlockReference(doc, name(id))?.node.attrs?.id).toBe(
              id,
            );
          }
        },
      ),
    );
  });
});

describe('expandBlockId', () => {
  const doc = page(paragraph('abcdefghijkl'), paragraph('abcdezzzzzzz'), {
    type: 'paragraph',
    attrs: { id: 'mentionxxxxx' },
    content: [{ type: 'mention', attrs: { id: 'qqqqqqqqqqqq', label: 'A' } }],
  });

  it('takes a whole id, or a start only one block id has', () => {
    expect(expandBlockId(doc, 'abcdezzzzzzz')).toBe('abcdezzzzzzz');
    expect(expandBlockId(doc, 'abcdef')).toBe('abcdefghijkl');
    expect(expandBlockId(doc, 'menti')).toBe('mentionxxxxx');
  });

  it('finds nothing for a start no id has or one under five letters; a mention is no block', () => {
    expect(expandBlockId(doc, 'zzzzz')).toBeUndefined();
    expect(expandBlockId(doc, 'abcd')).toBeUndefined();
    expect(locateBlock(doc, 'qqqqq')).toBeUndefined();
  });

  it('refuses a start several block ids share, naming them whole', () => {
    let thrown: unknown;
    try {
      expandBlockId(doc, 'abcde');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ToolError);
    expect((thrown as ToolError).message).toBe(
      'block id "abcde" is the start of 2 blocks\' ids (abcdefghijkl, abcdezzzzzzz); use one of these whole ids, or read the page again with getPage or getOutline',
    );
  });

  it('is what the block references of the tools resolve through', () => {
    expect(parseBlockReference('abcdef')).toEqual({
      kind: 'id',
      id: 'abcdef',
    });
    expect(parseBlockReference('abcd')).toBeUndefined();
    expect(locateBlock(doc, 'abcdez')?.path).toEqual([1]);
    expect(() => locateBlock(doc, 'abcde')).toThrow(ToolError);
    expect(resolveBlockReference(doc, 'abcdef')?.path).toEqual([0]);
  });
});
