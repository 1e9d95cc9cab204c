import { attachmentIds, replaceAttachmentIds } from './attachment-references';
import type { ProseMirrorNode } from './prosemirror-node';

const IMAGE = '0190a1b2-0000-7000-8000-000000000001';
const FILE = '0190a1b2-0000-7000-8000-000000000002';
const COPY = '0190a1b2-0000-7000-8000-0000000000ff';

const document: ProseMirrorNode = {
  type: 'doc',
  content: [
    {
      type: 'image',
      attrs: { src: `/api/files/${IMAGE}/plan.png`, attachmentId: IMAGE },
    },
    {
      type: 'paragraph',
      content: [{ type: 'text', text: `not an attachment: ${IMAGE}` }],
    },
    {
      type: 'attachment',
      attrs: { url: `/api/files/${FILE}/notes.pdf`, attachmentId: FILE },
    },
    // The same image twice, and an id that is not a uuid (an image from elsewhere).
    {
      type: 'image',
      attrs: { src: `/api/files/${IMAGE}/plan.png`, attachmentId: IMAGE },
    },
    {
      type: 'image',
      attrs: { src: 'https://example.test/a.png', attachmentId: 'x' },
    },
  ],
};

describe('attachment references', () => {
  it("lists the ids of the page's attachment nodes once each, uuids only", () => {
    expect(attachmentIds(document)).toEqual([IMAGE, FILE]);
  });

  it('points the mapped nodes, their src and url, at the new attachment and leaves the rest', () => {
    const replaced = replaceAttachmentIds(document, new Map([[IMAGE, COPY]]));
    expect(replaced.content![0]!.attrs).toEqual({
      src: `/api/files/${COPY}/plan.png`,
      attachmentId: COPY,
    });
    expect(replaced.content![3]!.attrs!.attachmentId).toBe(COPY);
    expect(replaced.content![1]).toEqual(document.content![1]);
    expect(replaced.content![2]).toEqual(document.content![2]);
    expect(attachmentIds(document)).toEqual([IMAGE, FILE]);
    const both = replaceAttachmentIds(document, new Map([[FILE, COPY]]));
    expect(both.content![2]!.attrs).toEqual({
      url: `/api/files/${COPY}/notes.pdf`,
      attachmentId: COPY,
    });
  });
});
