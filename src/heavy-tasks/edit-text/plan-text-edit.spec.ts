import { ToolError } from '../../ground';
import type { ProseMirrorNode } from '../../document';
import { LISTED_CHANGED_BLOCKS, planTextEdit } from './plan-text-edit';

function page(paragraphs: number): ProseMirrorNode {
  return {
    type: 'doc',
    content: Array.from({ length: paragraphs }, (_, index) => ({
      type: 'paragraph',
      attrs: {
        id: `block${String.fromCharCode(97 + (index % 26))}${String.fromCharCode(97 + Math.floor(index / 26))}aaaaa`,
      },
      content: [
        { type: 'text', text: `Item ${index}: the old name stays here.` },
      ],
    })),
  };
}

const request = {
  pageId: 'page-1',
  find: 'old name',
  replace: 'new name',
  replaceAll: true,
};

describe('planTextEdit', () => {
  it('replaces every occurrence but lists only the first changed blocks, counting the rest', () => {
    const plan = planTextEdit({
      document: page(LISTED_CHANGED_BLOCKS + 12),
      request,
    });
    expect(plan.replacements).toBe(LISTED_CHANGED_BLOCKS + 12);
    expect(plan.blocks).toHaveLength(LISTED_CHANGED_BLOCKS);
    expect(plan.unlistedBlocks).toBe(12);
    expect(plan.blocks[0]).toMatchObject({
      topLevelIndex: 0,
      replacements: 1,
      before: 'Item 0: the old name stays here.',
      after: 'Item 0: the new name stays here.',
    });
    expect(plan.document.stored.json).not.toContain('old name');
    expect(plan.document.stored.text).toContain('the new name stays here');
    // A page crosses back as its stored form only: no object tree to clone.
    expect(plan.document.document).toBeUndefined();
  });

  it('lists every changed block when there are few', () => {
    const plan = planTextEdit({ document: page(3), request });
    expect(plan.blocks).toHaveLength(3);
    expect(plan.unlistedBlocks).toBe(0);
  });

  it('refuses several matches without replaceAll, listing 20 and counting all', () => {
    let error: unknown;
    try {
      planTextEdit({
        document: page(30),
        request: { ...request, replaceAll: false },
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ToolError);
    expect((error as ToolError).message).toContain(
      '"old name" occurs 30 times; nothing was changed.',
    );
    expect((error as ToolError).message).toContain('- … and 10 more');
  });
});
