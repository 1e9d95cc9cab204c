import { extractText } from '../prosemirror/extract-text';
import { expectToolError } from '../../../test/support/seeded-tools';
import { blockFingerprint } from '../prosemirror/block-fingerprint';
import {
  rememberStoredDocument,
  rememberedBlockFingerprints,
  storedDocumentOf,
  storedDocumentOfJson,
} from './stored-document';

const paragraph = (text: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

describe('a document in stored form', () => {
  it('is its JSON text and the text_content Docmost keeps beside it', () => {
    const document = paragraph('Hello');
    expect(storedDocumentOf(document)).toEqual({
      json: JSON.stringify(document),
      text: extractText(document),
    });
  });

  it("carries each top-level block's fingerprint when asked, for a live page's merge to find again with the document", () => {
    const document = {
      type: 'doc',
      content: [
        ...paragraph('one').content,
        { type: 'horizontalRule' },
        ...paragraph('three').content,
      ],
    };
    const json = JSON.stringify(document);
    expect(storedDocumentOfJson({ json, field: 'doc' }).blockFingerprints).toBe(
      undefined,
    );
    const stored = storedDocumentOfJson({
      json,
      field: 'doc',
      blockFingerprints: true,
    });
    expect(stored.blockFingerprints).toEqual(
      document.content.map(blockFingerprint),
    );
    expect(rememberedBlockFingerprints(document)).toBe(undefined);
    rememberStoredDocument(document, stored);
    expect(rememberedBlockFingerprints(document)).toBe(
      stored.blockFingerprints,
    );
  });

  it('takes text that only looks like an escape: a backslash followed by u0000, paired surrogates', () => {
    for (const text of ['C:\\u0000', '\\ud800 in prose', 'emoji 😀 ok']) {
      const json = JSON.stringify(paragraph(text));
      expect(storedDocumentOfJson({ json, field: 'doc' })).toEqual({
        json,
        text,
      });
    }
  });

  it('refuses U+0000 and lone surrogates in any string, keys included, naming the field', async () => {
    const documents = [
      paragraph('a\u0000b'),
      paragraph('lone \ud800 high'),
      paragraph('lone \udc00 low'),
      { ...paragraph('x'), attrs: { 'key\u0000': 1 } },
    ];
    for (const document of documents) {
      const error = await expectToolError(
        (async () =>
          storedDocumentOfJson({
            json: JSON.stringify(document),
            field: 'the new content',
          }))(),
      );
      expect(error.code).toBe('invalid_input');
      expect(error.message).toMatch(/^the new content contains /);
    }
  });
});
