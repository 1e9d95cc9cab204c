import {
  blockFingerprint,
  extractText,
  readStoredDocument,
  type ProseMirrorNode,
} from '../document';
import { refuseUnstorableText } from './storable-text';

/**
 * A document as the database stores it: its JSON text (`pages.content`) and the plain text
 * Docmost keeps beside it (`pages.text_content`).
 */
export interface StoredDocument {
  readonly json: string;
  readonly text: string;
  /**
   * `blockFingerprint` of each top-level block, when asked for with the rest (see
   * `StoredFormOptions`): what a live page's merge compares, made where the rest was made.
   */
  readonly blockFingerprints?: readonly string[];
}

/** What to make besides the JSON text and the plain text. */
export interface StoredFormOptions {
  /**
   * The top-level blocks' fingerprints too, for a write that may be merged into a live page.
   * Default false.
   */
  readonly blockFingerprints?: boolean;
}

/**
 * Stored forms already made for a document about to be written, so a writer does not serialise
 * and walk it a second time on the event loop (for a page of megabytes that is tens of
 * milliseconds each). Keyed by the document object itself: a document is never changed after
 * it is handed to a writer.
 */
const storedForms = new WeakMap<ProseMirrorNode, StoredDocument>();

/** Records `stored` as the stored form of `document` (made off the event loop, typically). */
export function rememberStoredDocument(
  document: ProseMirrorNode,
  stored: StoredDocument,
): void {
  storedForms.set(document, stored);
}

/**
 * A document a worker made, known here by its stored form (`{ type: 'doc', content }` only):
 * its blocks are parsed from the JSON text the first time anything reads `content`, so a write
 * that needs only the stored form (the database writer's) never parses it on the event loop,
 * and nothing clones an object tree of megabytes back from the worker. The stored form is
 * remembered for the writer.
 */
function documentOfStoredForm(stored: StoredDocument): ProseMirrorNode {
  let blocks: readonly ProseMirrorNode[] | undefined;
  const document = { type: 'doc' } as ProseMirrorNode;
  Object.defineProperty(document, 'content', {
    enumerable: true,
    get: () =>
      (blocks ??= (JSON.parse(stored.json) as ProseMirrorNode).content ?? []),
  });
  rememberStoredDocument(document, stored);
  return document;
}

/**
 * A document a worker made, as it crosses back: its stored form (one string and the text), and
 * the document itself only when it holds more than `type` and `content` (a string crosses as one
 * copy; an object tree of megabytes is cloned node by node on the receiving thread).
 */
export interface TransferredDocument {
  readonly stored: StoredDocument;
  readonly document?: ProseMirrorNode;
}

/** In the worker: `document` (whose JSON text is `json`) checked and made ready to cross back. */
export function transferDocument(
  document: ProseMirrorNode,
  json: string,
  field: string,
  options: StoredFormOptions = {},
): TransferredDocument {
  const stored = checkedStoredDocument(document, json, field, options);
  const plain = Object.keys(document).every(
    (key) => key === 'type' || key === 'content',
  );
  return plain ? { stored } : { stored, document };
}

/**
 * In the worker: a document PostgreSQL stored (its `content::text`, or null), made ready to be
 * written again (a saved version restored) without being parsed on the calling thread.
 */
export function transferStoredJson(
  input: {
    readonly json: string | null;
    readonly field: string;
  } & StoredFormOptions,
): TransferredDocument {
  const document = readStoredDocument(input.json);
  return transferDocument(
    document,
    JSON.stringify(document),
    input.field,
    input,
  );
}

/** On the calling thread: the document a worker transferred, with its stored form remembered. */
export function receiveDocument(
  transferred: TransferredDocument,
): ProseMirrorNode {
  if (!transferred.document) return documentOfStoredForm(transferred.stored);
  rememberStoredDocument(transferred.document, transferred.stored);
  return transferred.document;
}

/** The top-level blocks' fingerprints made with `document`'s stored form, if they were. */
export function rememberedBlockFingerprints(
  document: ProseMirrorNode,
): readonly string[] | undefined {
  return storedForms.get(document)?.blockFingerprints;
}

/** Whether `document` already has a stored form (and was checked as storable with it). */
export function hasStoredDocument(document: ProseMirrorNode): boolean {
  return storedForms.has(document);
}

/**
 * The stored form of `document`: the one made for it before, else made here. What a page
 * writer writes to `pages.content` and `pages.text_content`.
 */
export function storedDocumentOf(document: ProseMirrorNode): StoredDocument {
  return (
    storedForms.get(document) ?? {
      json: JSON.stringify(document),
      text: extractText(document),
    }
  );
}

// JSON.stringify writes U+0000 and an unpaired surrogate only as these escapes (a paired one
// stays two raw characters), so the text shows both without walking the document. A match may
// be a literal backslash followed by `u0000`, written `\\u0000`: the exact check then decides.
const MAYBE_UNSTORABLE = /\\u(?:0000|d[89a-f])/;

/**
 * The stored form of `document`, whose JSON text is `json`, after refusing text PostgreSQL
 * cannot store (naming `field`).
 */
export function checkedStoredDocument(
  document: ProseMirrorNode,
  json: string,
  field: string,
  options: StoredFormOptions = {},
): StoredDocument {
  if (MAYBE_UNSTORABLE.test(json)) refuseUnstorableText(document, field);
  const text = extractText(document);
  if (!options.blockFingerprints) return { json, text };
  return {
    json,
    text,
    blockFingerprints: (document.content ?? []).map(blockFingerprint),
  };
}

/** `checkedStoredDocument` from the JSON text alone: a pure function of its input, for a worker. */
export function storedDocumentOfJson(
  input: {
    readonly json: string;
    readonly field: string;
  } & StoredFormOptions,
): StoredDocument {
  const document = JSON.parse(input.json) as ProseMirrorNode;
  return checkedStoredDocument(document, input.json, input.field, input);
}
