import { documentSize } from './document-size';

describe('documentSize', () => {
  const doc = {
    type: 'doc',
    content: [
      {
        type: 'paragraph',
        content: [{ type: 'text', text: 'x'.repeat(1000) }],
      },
      {
        type: 'image',
        attrs: { src: `data:image/png;base64,${'A'.repeat(500)}` },
      },
    ],
  };

  it('counts a document by its text and attributes, and a JSON text by its length', () => {
    expect(documentSize(doc)).toBeGreaterThan(1500);
    expect(documentSize(doc)).toBeLessThan(JSON.stringify(doc).length + 200);
    expect(documentSize(JSON.stringify(doc))).toBe(JSON.stringify(doc).length);
  });

  it('stops counting a document at the bound', () => {
    expect(documentSize(doc, 100)).toBeLessThan(1100);
  });
});
