import fc from 'fast-check';
import type {
  ProseMirrorMark,
  ProseMirrorNode,
} from '../prosemirror/prosemirror-node';
import { DEFAULT_LINK_ATTRS } from './dialect-defaults';

/**
 * fast-check generators of the inline content of Docmost documents, for the converter's
 * round-trip properties (`document-arbitraries.fixture.ts` builds the blocks around them).
 */

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

/** The text, marks and inline nodes one kind of generated document is made of. */
export interface Flavour {
  readonly text: fc.Arbitrary<string>;
  readonly marks: fc.Arbitrary<ProseMirrorMark[]>;
  readonly inline: fc.Arbitrary<ProseMirrorNode>;
  readonly odd: boolean;
}

/** Ordinary words and the marks the dialect writes as plain Markdown, in their usual order. */
export const simpleFlavour: Flavour = {
  text: wordText,
  marks: markSet(SIMPLE_MARKS, true),
  inline: fc.oneof(
    { weight: 6, arbitrary: textNode(wordText, markSet(SIMPLE_MARKS, true)) },
    { weight: 1, arbitrary: fc.constant({ type: 'hardBreak' }) },
  ),
  odd: false,
};

/** Hostile text, every mark in any order, and inline nodes the dialect writes as spans. */
export const hostileFlavour: Flavour = {
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

/** Up to five inline nodes of the flavour, adjacent texts with equal marks merged. */
export function inlineContent(
  flavour: Flavour,
  minLength = 0,
): fc.Arbitrary<ProseMirrorNode[]> {
  return fc
    .array(flavour.inline, { minLength, maxLength: 5 })
    .map(normalizeInline);
}
