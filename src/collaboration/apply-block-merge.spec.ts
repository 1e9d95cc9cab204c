import fc from 'fast-check';
import { Y, type YXmlElement } from './yjs';
import { liveElementById, yItemId } from './apply-block-merge';
import { DOCUMENT_FRAGMENT, fillFragment } from './yjs-document';
import type { ProseMirrorNode } from '../document';

function paragraph(text: string): ProseMirrorNode {
  return { type: 'paragraph', content: [{ type: 'text', text }] };
}

const listOfTwo: ProseMirrorNode = {
  type: 'bulletList',
  content: ['one', 'two'].map((text) => ({
    type: 'listItem',
    content: [paragraph(text)],
  })),
};

describe('liveElementById', () => {
  it('finds exactly the top-level blocks still in the fragment, after any inserts and deletions, local or from another editor', () => {
    const change = fc.oneof(
      fc.record({ insertAt: fc.nat(), list: fc.boolean() }),
      fc.record({ deleteAt: fc.nat() }),
      fc.record({ remoteDeleteAt: fc.nat() }),
    );
    fc.assert(
      fc.property(fc.array(change, { maxLength: 20 }), (changes) => {
        const document = new Y.Doc();
        const fragment = document.getXmlFragment(DOCUMENT_FRAGMENT);
        fillFragment(fragment, {
          type: 'doc',
          content: [paragraph('a'), listOfTwo, paragraph('c')],
        });
        const everSeen = new Map<string, YXmlElement>();
        const remember = () => {
          for (const child of fragment.toArray())
            everSeen.set(yItemId(child as YXmlElement), child as YXmlElement);
        };
        remember();
        for (const step of changes) {
          const length = fragment.length;
          if ('insertAt' in step) {
            const element = new Y.XmlElement(
              step.list ? 'bulletList' : 'paragraph',
            );
            fragment.insert(step.insertAt % (length + 1), [element]);
          } else if ('deleteAt' in step && length > 0) {
            fragment.delete(step.deleteAt % length, 1);
          } else if ('remoteDeleteAt' in step && length > 0) {
            const other = new Y.Doc();
            Y.applyUpdate(other, Y.encodeStateAsUpdate(document));
            other
              .getXmlFragment(DOCUMENT_FRAGMENT)
              .delete(step.remoteDeleteAt % length, 1);
            Y.applyUpdate(document, Y.encodeStateAsUpdate(other));
          }
          remember();
        }
        const live = new Set(fragment.toArray());
        for (const [id, element] of everSeen) {
          expect(liveElementById(fragment, id)).toBe(
            live.has(element) ? element : undefined,
          );
        }
      }),
      { numRuns: 100 },
    );
  });

  it('finds nothing for a nested element, another fragment, or an id that names nothing', () => {
    const document = new Y.Doc();
    const fragment = document.getXmlFragment(DOCUMENT_FRAGMENT);
    fillFragment(fragment, { type: 'doc', content: [listOfTwo] });
    const list = fragment.get(0) as YXmlElement;
    const item = list.get(0) as YXmlElement;
    expect(liveElementById(fragment, yItemId(list))).toBe(list);
    expect(liveElementById(fragment, yItemId(item))).toBeUndefined();
    const otherFragment = document.getXmlFragment('other');
    expect(liveElementById(otherFragment, yItemId(list))).toBeUndefined();
    const client = list._item!.id.client;
    for (const id of [
      '',
      ':',
      'x:y',
      `${client}:`,
      `${client}:-1`,
      `${client}:1.5`,
      `${client}:999999`,
      `${client + 1}:0`,
    ])
      expect(liveElementById(fragment, id)).toBeUndefined();
  });
});
