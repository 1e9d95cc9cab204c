import fc from 'fast-check';
import type { ProseMirrorNode } from '../prosemirror/prosemirror-node';
import {
  anyDocument,
  simpleDocument,
  withEditorDefaults,
} from './document-arbitraries.fixture';
import { exportDocumentMarkdown } from './document-to-markdown';
import { markdownToDocument } from './markdown-to-document';

function roundTrip(doc: ProseMirrorNode): ProseMirrorNode {
  return markdownToDocument(exportDocumentMarkdown(doc).markdown);
}

describe('export -> import round trip', () => {
  it('gives back any document exactly: hostile text, marks in any order, nodes Markdown cannot express', () => {
    fc.assert(
      fc.property(
        fc.oneof(anyDocument, anyDocument.map(withEditorDefaults)),
        (doc) => {
          expect(roundTrip(doc)).toEqual(doc);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('writes documents of plain constructs without any JSON block', () => {
    fc.assert(
      fc.property(simpleDocument, (doc) => {
        const exported = exportDocumentMarkdown(doc);
        expect(exported.jsonBlocks).toBe(0);
        expect(markdownToDocument(exported.markdown)).toEqual(doc);
      }),
      { numRuns: 200 },
    );
  });

  it('states the attribute defaults Docmost stores on every node once, and still needs no JSON block', () => {
    fc.assert(
      fc.property(simpleDocument.map(withEditorDefaults), (doc) => {
        const exported = exportDocumentMarkdown(doc);
        expect(exported.jsonBlocks).toBe(0);
        // At most one paragraph and one heading keep it in place: a type that occurs once.
        expect(
          (exported.markdown.match(/textAlign=left/g) ?? []).length,
        ).toBeLessThanOrEqual(2);
        expect(markdownToDocument(exported.markdown)).toEqual(doc);
      }),
      { numRuns: 200 },
    );
  });
});
