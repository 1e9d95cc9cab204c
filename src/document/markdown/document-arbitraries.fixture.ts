import fc from 'fast-check';
import type {
  ProseMirrorMark,
  ProseMirrorNode,
} from '../prosemirror/prosemirror-node';
import { DEFAULT_LINK_ATTRS, TABLE_CELL_ATTRS } from './dialect-defaults';
import {
  hostileFlavour,
  inlineContent,
  simpleFlavour,
  type Flavour,
} from './inline-arbitraries.fixture';

/**
 * fast-check generators of Docmost documents for the converter's round-trip properties:
 * `simpleDocument` holds only what the dialect writes as plain Markdown, `anyDocument` adds
 * hostile text (Markdown syntax, HTML, entities, attribute-block look-alikes, edge whitespace),
 * marks in any order and nodes the dialect can only carry as JSON.
 */

const blockId = fc.string({
  unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'),
  minLength: 12,
  maxLength: 12,
});

function withContent(
  node: ProseMirrorNode,
  content: readonly ProseMirrorNode[],
): ProseMirrorNode {
  return content.length > 0 ? { ...node, content } : node;
}

function paragraph(flavour: Flavour): fc.Arbitrary<ProseMirrorNode> {
  const attrs = flavour.odd
    ? fc.oneof(
        blockId.map((id) => ({ id })),
        blockId.map((id) => ({ id, textAlign: 'center', indent: 1 })),
        fc.constant({ id: 'not an id|x' }),
        fc.constant(undefined),
      )
    : blockId.map((id) => ({ id }));
  return fc
    .tuple(attrs, inlineContent(flavour))
    .map(([given, content]) =>
      withContent(
        { type: 'paragraph', ...(given ? { attrs: given } : {}) },
        content,
      ),
    );
}

function heading(flavour: Flavour): fc.Arbitrary<ProseMirrorNode> {
  return fc
    .tuple(blockId, fc.integer({ min: 1, max: 6 }), inlineContent(flavour))
    .map(([id, level, content]) =>
      withContent({ type: 'heading', attrs: { id, level } }, content),
    );
}

function table(flavour: Flavour): fc.Arbitrary<ProseMirrorNode> {
  const cell = (type: string): fc.Arbitrary<ProseMirrorNode> =>
    paragraph(flavour).map((content) => ({
      type,
      attrs: { ...TABLE_CELL_ATTRS },
      content: [content],
    }));
  return fc.integer({ min: 1, max: 3 }).chain((width) =>
    fc
      .tuple(
        fc.array(cell('tableHeader'), { minLength: width, maxLength: width }),
        fc.array(
          fc.array(cell('tableCell'), { minLength: width, maxLength: width }),
          { maxLength: 3 },
        ),
      )
      .map(([header, rows]) => ({
        type: 'table',
        content: [header, ...rows].map((cells) => ({
          type: 'tableRow',
          content: cells,
        })),
      })),
  );
}

function leafBlocks(flavour: Flavour): fc.Arbitrary<ProseMirrorNode>[] {
  const code = fc
    .tuple(
      fc.constantFrom(null, 'bash', 'typescript'),
      fc.array(fc.oneof(flavour.text, fc.constant('```'), fc.constant('')), {
        maxLength: 4,
      }),
    )
    .map(([language, lines]) =>
      withContent(
        { type: 'codeBlock', attrs: { language } },
        lines.join('\n') === ''
          ? []
          : [{ type: 'text', text: lines.join('\n') }],
      ),
    );
  const image = fc
    .tuple(
      fc.constantFrom('/files/a.png', 'https://acme.test/ä b.png'),
      fc.oneof(flavour.text, fc.constant('')),
      fc.constantFrom(null, 'A "title"'),
    )
    .map(([src, alt, title]) => ({
      type: 'image',
      attrs: { src, alt, title, align: 'center', width: 320 },
    }));
  const blocks = [
    paragraph(flavour),
    heading(flavour),
    code,
    image,
    fc.constant({ type: 'horizontalRule' }),
    table(flavour),
  ];
  if (!flavour.odd) return blocks;
  const jsonOnly = fc.constantFrom<ProseMirrorNode>(
    { type: 'mathBlock', attrs: { text: 'e = mc^2' } },
    { type: 'youtube', attrs: { src: 'https://youtu.be/x', width: 640 } },
    { type: 'paragraph' },
    {
      type: 'table',
      content: [
        {
          type: 'tableRow',
          content: [
            {
              type: 'tableCell',
              attrs: { colspan: 2, rowspan: 1, colwidth: [120, 80] },
              content: [{ type: 'paragraph' }],
            },
          ],
        },
      ],
    },
    {
      type: 'codeBlock',
      attrs: { language: 'docmost-json' },
      content: [{ type: 'text', text: '{}' }],
    },
    {
      type: 'orderedList',
      attrs: { start: 1, type: null },
      content: [{ type: 'listItem', content: [{ type: 'paragraph' }] }],
    },
  );
  return [...blocks, jsonOnly];
}

function documentOf(flavour: Flavour): fc.Arbitrary<ProseMirrorNode> {
  const { block } = fc.letrec<{
    block: ProseMirrorNode;
    item: ProseMirrorNode[];
  }>((tie) => {
    const nested = fc.array(tie('block'), { maxLength: 2 });
    const itemContent = fc
      .tuple(paragraph(flavour), nested)
      .map(([first, rest]) => [first, ...rest]);
    const items = (
      type: string,
      attrs?: fc.Arbitrary<Record<string, unknown>>,
    ) =>
      fc
        .array(fc.tuple(itemContent, attrs ?? fc.constant(undefined)), {
          minLength: 1,
          maxLength: 3,
        })
        .map((entries) =>
          entries.map(([content, itemAttrs]) => ({
            type,
            ...(itemAttrs ? { attrs: itemAttrs } : {}),
            content,
          })),
        );
    const containers = [
      items('listItem').map((content) => ({ type: 'bulletList', content })),
      fc
        .tuple(fc.integer({ min: 0, max: 12 }), items('listItem'))
        .map(([start, content]) => ({
          type: 'orderedList',
          attrs: { start },
          content,
        })),
      items(
        'taskItem',
        fc.boolean().map((checked) => ({ checked })),
      ).map((content) => ({ type: 'taskList', content })),
      fc
        .array(tie('block'), { minLength: 1, maxLength: 2 })
        .map((content) => ({ type: 'blockquote', content })),
      fc
        .tuple(
          fc.constantFrom('info', 'warning', 'danger'),
          fc.constantFrom(undefined, '💡'),
          fc.array(tie('block'), { minLength: 1, maxLength: 2 }),
        )
        .map(([type, icon, content]) => ({
          type: 'callout',
          attrs: icon ? { type, icon } : { type },
          content,
        })),
    ];
    return {
      block: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        ...leafBlocks(flavour),
        ...containers,
      ),
      item: itemContent,
    };
  });
  return fc
    .array(block, { maxLength: 6 })
    .map((content) => ({ type: 'doc', content }));
}

/** Documents of plain Markdown constructs with ordinary text: they export without JSON blocks. */
export const simpleDocument = documentOf(simpleFlavour);

/** Documents of any shape and text the editor allows, and some it does not normalise. */
export const anyDocument = documentOf(hostileFlavour);

/**
 * The document as Docmost's editor stores it: every attribute's default written out on every
 * node (text alignment, cell colours, the ordered list's type, the link's class).
 */
export function withEditorDefaults(node: ProseMirrorNode): ProseMirrorNode {
  const extra: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
    paragraph: { textAlign: 'left' },
    heading: { textAlign: 'left' },
    orderedList: { type: null },
    tableCell: { backgroundColor: null, backgroundColorName: null },
    tableHeader: { backgroundColor: null, backgroundColorName: null },
  };
  const marks = node.marks?.map((mark) =>
    mark.type === 'link'
      ? { ...mark, attrs: { ...mark.attrs, class: null } }
      : mark,
  );
  return {
    ...node,
    ...(extra[node.type]
      ? { attrs: { ...node.attrs, ...extra[node.type] } }
      : {}),
    ...(marks ? { marks } : {}),
    ...(node.content ? { content: node.content.map(withEditorDefaults) } : {}),
  };
}
