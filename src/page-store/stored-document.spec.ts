import { extractText, blockFingerprint } from '../document';
import { expectToolError } from '../../test/support/seeded-tools';
import {
  receiveDocument,
  rememberStoredDocument,
  rememberedBlockFingerprints,
  storedDocumentOf,
  storedDocumentOfJson,
  transferDocument,
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

  it('crosses back from a worker as its stored form, and reads as the same document once received', () => {
    const document = paragraph('From a worker');
    const json = JSON.stringify(document);
    const transferred = structuredClone(
      transferDocument(document, json, 'doc', { blockFingerprints: true }),
    );
    expect(transferred.document).toBeUndefined();
    const received = receiveDocument(transferred);
    // The stored form is there for the writer without parsing anything.
    expect(storedDocumentOf(received)).toEqual(transferred.stored);
    expect(rememberedBlockFingerprints(received)).toHaveLength(1);
    expect(Object.keys(received)).toEqual(['type', 'content']);
    expect(received).toEqual(document);
    expect(JSON.stringify(received)).toBe(json);
    expect({ ...received }).toEqual(document);
  });

  it('crosses back whole when the document holds more than a type and blocks', () => {
    const document = { ...paragraph('With attributes'), attrs: { x: 1 } };
    const transferred = transferDocument(
      document,
      JSON.stringify(document),
      'doc',
    );
    expect(transferred.document).toBe(document);
    expect(receiveDocument(transferred)).toBe(document);
  });

  it('refuses, while transferring, text PostgreSQL cannot store', async () => {
    const document = paragraph('a\u0000b');
    const refused = await expectToolError(
      Promise.resolve().then(() =>
        transferDocument(document, JSON.stringify(document), 'the new content'),
      ),
    );
    expect(refused.message).toContain(
      'the new content contains the character U+0000',
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
