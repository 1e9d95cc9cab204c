import fc from 'fast-check';
import {
  blockFingerprint,
  extractText,
  type ProseMirrorNode,
} from '../document';
import { Y, type YDoc, type YXmlElement, type YXmlText } from './yjs';
import {
  liveBlocksOf,
  liveDocumentVersion,
  liveStoredDocument,
  warmLiveBlocks,
} from './live-blocks';
import * as yjsDocument from './yjs-document';
import {
  createYElement,
  DOCUMENT_FRAGMENT,
  fillFragment,
  fragmentToDocument,
} from './yjs-document';

function paragraph(text: string): ProseMirrorNode {
  return { type: 'paragraph', content: [{ type: 'text', text }] };
}

function listOf(items: readonly string[]): ProseMirrorNode {
  return {
    type: 'bulletList',
    content: items.map((item) => ({
      type: 'listItem',
      content: [paragraph(item)],
    })),
  };
}

/** What a read must see: the fragment converted afresh, as if nothing were remembered. */
function fresh(document: YDoc) {
  const converted = fragmentToDocument(
    document.getXmlFragment(DOCUMENT_FRAGMENT),
  );
  return {
    text: JSON.stringify(converted),
    fingerprints: (converted.content ?? []).map(blockFingerprint),
  };
}

function read(document: YDoc) {
  const view = liveBlocksOf(document, DOCUMENT_FRAGMENT);
  return {
    version: view.version,
    text: view.documentText(),
    fingerprints: view.blocks.map((block) => block.fingerprint),
  };
}

/** The first text inside an element, depth first. */
function firstText(element: YXmlElement): YXmlText | undefined {
  for (const child of element.toArray()) {
    if (child instanceof Y.XmlText) return child;
    if (child instanceof Y.XmlElement) {
      const found = firstText(child);
      if (found) return found;
    }
  }
  return undefined;
}

/** The deepest first element: a list item's paragraph, or the block itself. */
function deepestElement(element: YXmlElement): YXmlElement {
  const child = element.toArray().find((item) => item instanceof Y.XmlElement);
  return child ? deepestElement(child as YXmlElement) : element;
}

type Edit =
  | { kind: 'type'; block: number; at: number; text: string }
  | { kind: 'bold'; block: number; length: number }
  | { kind: 'attribute'; block: number; value: string }
  | { kind: 'insert'; at: number; text: string; list: boolean }
  | { kind: 'delete'; block: number }
  | { kind: 'remote'; block: number; text: string };

const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({
    kind: fc.constant('type' as const),
    block: fc.nat(20),
    at: fc.nat(30),
    text: fc.string({ minLength: 1, maxLength: 4 }),
  }),
  fc.record({
    kind: fc.constant('bold' as const),
    block: fc.nat(20),
    length: fc.integer({ min: 1, max: 5 }),
  }),
  fc.record({
    kind: fc.constant('attribute' as const),
    block: fc.nat(20),
    value: fc.constantFrom('left', 'center', 'right'),
  }),
  fc.record({
    kind: fc.constant('insert' as const),
    at: fc.nat(20),
    text: fc.string({ maxLength: 6 }),
    list: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('delete' as const), block: fc.nat(20) }),
  fc.record({
    kind: fc.constant('remote' as const),
    block: fc.nat(20),
    text: fc.string({ minLength: 1, maxLength: 4 }),
  }),
);

/** Applies one edit as an editor would (remote: through another document's update). */
function apply(document: YDoc, change: Edit): void {
  const fragment = document.getXmlFragment(DOCUMENT_FRAGMENT);
  const blocks = fragment
    .toArray()
    .filter((child): child is YXmlElement => child instanceof Y.XmlElement);
  const block =
    'block' in change && blocks.length > 0
      ? blocks[change.block % blocks.length]
      : undefined;
  switch (change.kind) {
    case 'type': {
      const text = block && firstText(block);
      if (text) text.insert(Math.min(change.at, text.length), change.text);
      return;
    }
    case 'bold': {
      const text = block && firstText(block);
      if (text && text.length > 0)
        text.format(0, Math.min(change.length, text.length), { bold: {} });
      return;
    }
    case 'attribute':
      if (block) deepestElement(block).setAttribute('textAlign', change.value);
      return;
    case 'insert':
      fragment.insert(Math.min(change.at, fragment.length), [
        createYElement(
          change.list
            ? listOf([change.text, 'item'])
            : paragraph(change.text || 'x'),
        ),
      ]);
      return;
    case 'delete':
      if (block) fragment.delete(fragment.toArray().indexOf(block), 1);
      return;
    case 'remote': {
      if (!block) return;
      const other = new Y.Doc();
      Y.applyUpdate(other, Y.encodeStateAsUpdate(document));
      const index = fragment.toArray().indexOf(block);
      const remoteBlock = other
        .getXmlFragment(DOCUMENT_FRAGMENT)
        .get(index) as YXmlElement;
      const text = firstText(remoteBlock);
      if (!text) return;
      text.insert(0, change.text);
      Y.applyUpdate(
        document,
        Y.encodeStateAsUpdate(other, Y.encodeStateVector(document)),
      );
      return;
    }
  }
}

/** A Yjs document holding a page of `content`. */
function documentOf(content: ProseMirrorNode[]): YDoc {
  const document = new Y.Doc();
  fillFragment(document.getXmlFragment(DOCUMENT_FRAGMENT), {
    type: 'doc',
    content,
  });
  return document;
}

function seeded(): YDoc {
  return documentOf([
    paragraph('first'),
    listOf(['one', 'two']),
    paragraph('third'),
    { type: 'horizontalRule' },
  ]);
}

/** A long page: 20,000 paragraphs of about 100 characters. */
function longPage(): YDoc {
  return documentOf(
    Array.from({ length: 20_000 }, (_, index) =>
      paragraph(`paragraph ${index} `.repeat(8)),
    ),
  );
}

/** Another document with the same Yjs state (nothing remembered of it yet). */
function copyOf(document: YDoc): YDoc {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(document));
  return copy;
}

describe('liveBlocksOf', () => {
  it('reads exactly what a fresh conversion reads after any sequence of edits, local or remote, read between them or not', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(edit, fc.boolean()), { maxLength: 25 }),
        (edits) => {
          const document = seeded();
          read(document);
          for (const [change, readAfter] of edits) {
            const before = read(document).version;
            const changedBefore = fresh(document).text;
            apply(document, change);
            if (!readAfter) continue;
            const now = read(document);
            expect(now.text).toBe(fresh(document).text);
            expect(now.fingerprints).toEqual(fresh(document).fingerprints);
            // A change that changed the document changed its version.
            if (fresh(document).text !== changedBefore)
              expect(now.version).not.toBe(before);
            // The remembered version is the one a copy of the same state computes afresh.
            expect(now.version).toBe(liveDocumentVersion(copyOf(document)));
          }
          expect(read(document).text).toBe(fresh(document).text);
          expect(liveDocumentVersion(document)).toBe(
            liveDocumentVersion(copyOf(document)),
          );
        },
      ),
      { numRuns: 150 },
    );
  });

  it('converts again only the blocks that changed since the last read', () => {
    const document = seeded();
    const first = liveBlocksOf(document, DOCUMENT_FRAGMENT).blocks;
    const fragment = document.getXmlFragment(DOCUMENT_FRAGMENT);
    firstText(fragment.get(2) as YXmlElement)!.insert(0, 'the ');
    const second = liveBlocksOf(document, DOCUMENT_FRAGMENT).blocks;
    expect(second[0]).toBe(first[0]);
    expect(second[1]).toBe(first[1]);
    expect(second[2]).not.toBe(first[2]);
    expect(JSON.parse(second[2]!.json)).toEqual(paragraph('the third'));
    expect(second[3]).toBe(first[3]);
  });

  it('keeps the version while nothing changes and gives a new one after a deletion', () => {
    const document = seeded();
    const version = liveBlocksOf(document, DOCUMENT_FRAGMENT).version;
    expect(liveBlocksOf(document, DOCUMENT_FRAGMENT).version).toBe(version);
    document.getXmlFragment(DOCUMENT_FRAGMENT).delete(3, 1);
    expect(liveBlocksOf(document, DOCUMENT_FRAGMENT).version).not.toBe(version);
  });

  it('computes the version once per change, however often it is asked, and never remembers one from inside a transaction', () => {
    const document = seeded();
    const snapshots = jest.spyOn(Y, 'snapshot');
    try {
      const version = liveDocumentVersion(document);
      expect(liveDocumentVersion(document)).toBe(version);
      expect(liveBlocksOf(document, DOCUMENT_FRAGMENT).version).toBe(version);
      expect(snapshots).toHaveBeenCalledTimes(1);
      const fragment = document.getXmlFragment(DOCUMENT_FRAGMENT);
      let inside: string | undefined;
      document.transact(() => {
        firstText(fragment.get(0) as YXmlElement)!.insert(0, 'my ');
        inside = liveDocumentVersion(document);
        firstText(fragment.get(1) as YXmlElement)!.insert(0, 'your ');
      });
      const after = liveDocumentVersion(document);
      expect(after).not.toBe(inside);
      expect(after).toBe(liveDocumentVersion(copyOf(document)));
      // A deletion alone (no new item) is a change too.
      fragment.delete(3, 1);
      expect(liveDocumentVersion(document)).not.toBe(after);
      // A remote update applied to the document is one too.
      const remote = copyOf(document);
      remote.getXmlFragment(DOCUMENT_FRAGMENT).delete(0, 1);
      const beforeRemote = liveDocumentVersion(document);
      Y.applyUpdate(document, Y.encodeStateAsUpdate(remote));
      expect(liveDocumentVersion(document)).not.toBe(beforeRemote);
      expect(liveDocumentVersion(document)).toBe(
        liveDocumentVersion(copyOf(document)),
      );
    } finally {
      snapshots.mockRestore();
    }
  });

  it('reads a change made inside a transaction that is still open, and remembers nothing of it', () => {
    const document = seeded();
    liveBlocksOf(document, DOCUMENT_FRAGMENT);
    const fragment = document.getXmlFragment(DOCUMENT_FRAGMENT);
    document.transact(() => {
      firstText(fragment.get(0) as YXmlElement)!.insert(0, 'my ');
      const inside = liveBlocksOf(document, DOCUMENT_FRAGMENT);
      expect(JSON.parse(inside.blocks[0]!.json)).toEqual(paragraph('my first'));
    });
    fragment.delete(0, 1);
    expect(read(document).text).toBe(fresh(document).text);
  });

  it('warms while edits land on any of its turns and leaves reads equal to a fresh conversion', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(edit, fc.nat(5)), { maxLength: 6 }),
        async (edits) => {
          const document = seeded();
          // Read once and changed since: the warm-up has blocks to reuse and a view to make.
          read(document);
          apply(document, { kind: 'type', block: 0, at: 0, text: 'x' });
          const warming = warmLiveBlocks(document, DOCUMENT_FRAGMENT);
          for (const [change, turns] of edits) {
            for (let turn = 0; turn < turns; turn++)
              await new Promise((resolve) => setImmediate(resolve));
            apply(document, change);
          }
          await warming;
          const now = read(document);
          expect(now.text).toBe(fresh(document).text);
          expect(now.fingerprints).toEqual(fresh(document).fingerprints);
          expect(now.version).toBe(liveDocumentVersion(copyOf(document)));
        },
      ),
      { numRuns: 100 },
    );
  });

  it('converts a page that changes on every turn of the warm-up in slices all the same, and the read after it is exact', async () => {
    const document = longPage();
    const fragment = document.getXmlFragment(DOCUMENT_FRAGMENT);
    let typing = true;
    let typed = 0;
    const type = () => {
      if (!typing) return;
      firstText(fragment.get(typed % 20_000) as YXmlElement)!.insert(0, '.');
      typed++;
      setImmediate(type);
    };
    setImmediate(type);
    await warmLiveBlocks(document, DOCUMENT_FRAGMENT);
    typing = false;
    expect(typed).toBeGreaterThan(1);
    // The read converts what was typed since the warm-up's last walk, not the page.
    const conversions = jest.spyOn(yjsDocument, 'elementToNode');
    try {
      expect(read(document).text).toBe(fresh(document).text);
      expect(conversions.mock.calls.length).toBeLessThan(1_000);
    } finally {
      conversions.mockRestore();
    }
  });

  it('warms a long page with the event loop free between slices, and a read after it sees the edits made meanwhile', async () => {
    const document = longPage();
    const fragment = document.getXmlFragment(DOCUMENT_FRAGMENT);
    let turns = 0;
    const counting = setInterval(() => turns++, 0);
    const warming = warmLiveBlocks(document, DOCUMENT_FRAGMENT);
    // Edits while it warms: the first block (converted early) and the last (converted late).
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    firstText(fragment.get(0) as YXmlElement)!.insert(0, 'early ');
    firstText(fragment.get(19_999) as YXmlElement)!.insert(0, 'late ');
    fragment.delete(10_000, 1);
    await warming;
    clearInterval(counting);
    expect(turns).toBeGreaterThan(1);
    expect(read(document).text).toBe(fresh(document).text);
    expect(read(document).fingerprints).toEqual(fresh(document).fingerprints);
  });

  it('stores a long page as a fresh conversion would: its JSON, and the text of its non-empty blocks a line each', async () => {
    // Runs of empty blocks longer than one joined batch, between paragraphs.
    const content = Array.from({ length: 2_000 }, (_, index) =>
      index % 1_000 < 600
        ? { type: 'horizontalRule' }
        : paragraph(`paragraph ${index}`),
    );
    const document = documentOf(content);
    const stored = await liveStoredDocument(document);
    const converted = fragmentToDocument(
      document.getXmlFragment(DOCUMENT_FRAGMENT),
    );
    expect(stored.json).toBe(JSON.stringify(converted));
    expect(stored.text).toBe(
      converted
        .content!.map((block) => extractText(block))
        .filter((text) => text !== '')
        .join('\n'),
    );
    expect(stored.text.split('\n')).toHaveLength(800);
    expect(stored.version).toBe(liveDocumentVersion(copyOf(document)));
  });
});
