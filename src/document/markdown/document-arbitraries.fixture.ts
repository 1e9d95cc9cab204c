import fc from 'fast-check';
import type {
  ProseMirrorMark,
  ProseMirrorNode,
} from '../prosemirror/prosemirror-node';
import { DEFAULT_LINK_ATTRS, TABLE_CELL_ATTRS } from './dialect-defaults';

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

const wordText = fc
  .array(
    fc.constantFrom(
      'alpha',
      'beta',
      'Gamma',
      'delta',
      '42',
      'x',
      'plan.',
      'it’s',
      'naïve',
      '😀',
    ),
    { minLength: 1, maxLength: 5 },
  )
  .map((words) => words.join(' '));

const HOSTILE_PIECES = [
  'a',
  'b',
  'Z',
  '7',
  ' ',
  '  ',
  '\t',
  '\n',
  '\u00a0',
  'é',
  '😀',
  '*',
  '**',
  '_',
  '__',
  '~',
  '~~',
  '`',
  '```',
  '\\',
  '[',
  ']',
  '(',
  ')',
  '{',
  '}',
  '<',
  '>',
  '|',
  '#',
  '# ',
  '&',
  '&amp;',
  '&#32;',
  '!',
  '-',
  '- ',
  '+ ',
  '=',
  '1. ',
  '2)',
  ':',
  '"',
  "'",
  '/',
  '{#abcdefghijkl}',
  '{a=1}',
  '<u>',
  '</u>',
  '</span>',
  '<br>',
  '<span data-mark="bold">',
  '[!info]',
  '[ ] ',
  '[x]',
  '---',
  '***',
  '> ',
  '![a](b)',
  '[l](h)',
  '<https://x.test>',
];

const hostileText = fc
  .array(fc.constantFrom(...HOSTILE_PIECES), { minLength: 1, maxLength: 6 })
  .map((pieces) => pieces.join(''));

const SIMPLE_MARKS: readonly ProseMirrorMark[] = [
  { type: 'bold' },
  { type: 'italic' },
  { type: 'strike' },
  { type: 'underline' },
  {
    type: 'link',
    attrs: { href: 'https://acme.test/a?b=1&c=(2)', ...DEFAULT_LINK_ATTRS },
  },
  {
    type: 'comment',
    attrs: {
      commentId: '5eed0008-0000-4000-8000-000000000001',
      resolved: false,
    },
  },
];

const ODD_MARKS: readonly ProseMirrorMark[] = [
  { type: 'code' },
  { type: 'highlight', attrs: { color: '#fef08a' } },
  { type: 'superscript' },
  { type: 'link', attrs: { href: 'javascript:alert(1)', target: null } },
  { type: 'comment', attrs: { commentId: 'quote"and|pipe', resolved: true } },
  { type: 'textStyle', attrs: { color: "it's <red>" } },
];

function markSet(
  pool: readonly ProseMirrorMark[],
  ordered: boolean,
): fc.Arbitrary<ProseMirrorMark[]> {
  const subset = fc.subarray([...pool], { maxLength: 3 });
  return ordered
    ? subset
    : subset.chain((marks) =>
        fc.shuffledSubarray(marks, {
          minLength: marks.length,
          maxLength: marks.length,
        }),
      );
}

function textNode(
  text: fc.Arbitrary<string>,
  marks: fc.Arbitrary<ProseMirrorMark[]>,
): fc.Arbitrary<ProseMirrorNode> {
  return fc
    .tuple(text, marks)
    .map(([value, applied]) =>
      applied.length > 0
        ? { type: 'text', text: value, marks: applied }
        : { type: 'text', text: value },
    );
}

/** Adjacent text nodes with equal marks merged, as ProseMirror stores them. */
function normalizeInline(nodes: readonly ProseMirrorNode[]): ProseMirrorNode[] {
  const result: ProseMirrorNode[] = [];
  for (const node of nodes) {
    const previous = result[result.length - 1];
    if (
      previous?.type === 'text' &&
      node.type === 'text' &&
      JSON.stringify(previous.marks ?? []) === JSON.stringify(node.marks ?? [])
    ) {
      result[result.length - 1] = {
        ...previous,
        text: `${previous.text}${node.text}`,
      };
    } else {
      result.push(node);
    }
  }
  return result;
}

interface Flavour {
  readonly text: fc.Arbitrary<string>;
  readonly marks: fc.Arbitrary<ProseMirrorMark[]>;
  readonly inline: fc.Arbitrary<ProseMirrorNode>;
  readonly odd: boolean;
}

const simpleFlavour: Flavour = {
  text: wordText,
  marks: markSet(SIMPLE_MARKS, true),
  inline: fc.oneof(
    { weight: 6, arbitrary: textNode(wordText, markSet(SIMPLE_MARKS, true)) },
    { weight: 1, arbitrary: fc.constant({ type: 'hardBreak' }) },
  ),
  odd: false,
};

const hostileFlavour: Flavour = {
  text: hostileText,
  marks: markSet([...SIMPLE_MARKS, ...ODD_MARKS], false),
  inline: fc.oneof(
    {
      weight: 8,
      arbitrary: textNode(
        fc.oneof(hostileText, wordText),
        markSet([...SIMPLE_MARKS, ...ODD_MARKS], false),
      ),
    },
    { weight: 1, arbitrary: fc.constant({ type: 'hardBreak' }) },
    {
      weight: 1,
      arbitrary: fc.constant({
        type: 'mention',
        attrs: { id: 'u1', label: 'Maya <Chen>', entityType: 'user' },
      }),
    },
  ),
  odd: true,
};

function inlineContent(
  flavour: Flavour,
  minLength = 0,
): fc.Arbitrary<ProseMirrorNode[]> {
  return fc
    .array(flavour.inline, { minLength, maxLength: 5 })
    .map(normalizeInline);
}

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
