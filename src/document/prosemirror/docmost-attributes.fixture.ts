import type { ProseMirrorMark, ProseMirrorNode } from './prosemirror-node';

/**
 * A page using every node and mark type of Docmost's editor, each carrying every attribute the
 * editor stores on it, with the values the editor writes (its defaults, or what an upload or a
 * menu sets). Read from the editor extensions of the gitmost fork Docmost pins
 * (`packages/editor-ext`), and of upstream Docmost's `packages/editor-ext` where it defines the
 * type.
 */

const FILE = '/api/files/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
const ATTACHMENT_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
const PAGE_ID = '0190a1b2-0000-7000-8000-00000000000a';

const paragraph = (
  text: string,
  marks?: ProseMirrorMark[],
): ProseMirrorNode => ({
  type: 'paragraph',
  attrs: { id: 'paragraphidx', textAlign: 'left', indent: 0 },
  content: [marks ? { type: 'text', text, marks } : { type: 'text', text }],
});

const cell = (type: 'tableCell' | 'tableHeader'): ProseMirrorNode => ({
  type,
  attrs: {
    colspan: 1,
    rowspan: 1,
    colwidth: [160],
    backgroundColor: '#fef3c7',
    backgroundColorName: 'yellow',
    align: 'center',
  },
  content: [paragraph('cell')],
});

/** The marks, each with every attribute it stores. */
export const EVERY_MARK: readonly ProseMirrorMark[] = [
  { type: 'bold' },
  { type: 'italic' },
  { type: 'strike' },
  { type: 'underline' },
  { type: 'code' },
  { type: 'superscript' },
  { type: 'subscript' },
  { type: 'spoiler' },
  {
    type: 'link',
    attrs: {
      href: '/s/engineering/p/release-notes-x1y2z3',
      target: '_blank',
      rel: 'noopener noreferrer nofollow',
      class: null,
      title: null,
      internal: true,
    },
  },
  { type: 'highlight', attrs: { color: '#fef08a', colorName: 'yellow' } },
  { type: 'textStyle', attrs: { color: '#dc2626' } },
  {
    type: 'comment',
    attrs: {
      commentId: '0190a1b2-0000-7000-8000-0000000000c1',
      resolved: false,
    },
  },
];

/** The blocks and inline nodes, each with every attribute it stores. */
export const EVERY_ATTRIBUTE_DOCUMENT: ProseMirrorNode = {
  type: 'doc',
  content: [
    {
      type: 'heading',
      attrs: { id: 'headingidxyz', textAlign: 'center', indent: 1, level: 2 },
      content: [{ type: 'text', text: 'Release' }],
    },
    {
      type: 'paragraph',
      attrs: { id: 'paragraphabc', textAlign: 'justify', indent: 2 },
      content: [
        ...EVERY_MARK.map((mark): ProseMirrorNode => ({
          type: 'text',
          text: mark.type,
          marks: [mark],
        })),
        { type: 'hardBreak' },
        {
          type: 'mention',
          attrs: {
            id: '0190a1b2-0000-7000-8000-0000000000m1',
            label: 'Release plan',
            entityType: 'page',
            entityId: PAGE_ID,
            slugId: 'x1y2z3',
            creatorId: '0190a1b2-0000-7000-8000-0000000000u1',
            anchorId: 'headingidxyz',
          },
        },
        { type: 'status', attrs: { text: 'In review', color: 'blue' } },
        { type: 'mathInline', attrs: { text: 'a^2' } },
        { type: 'footnoteReference', attrs: { id: 'fn1' } },
      ],
    },
    { type: 'blockquote', content: [paragraph('quoted')] },
    {
      type: 'bulletList',
      content: [{ type: 'listItem', content: [paragraph('one')] }],
    },
    {
      type: 'orderedList',
      attrs: { start: 3, type: null },
      content: [{ type: 'listItem', content: [paragraph('three')] }],
    },
    {
      type: 'taskList',
      content: [
        {
          type: 'taskItem',
          attrs: { checked: true },
          content: [paragraph('done')],
        },
      ],
    },
    {
      type: 'codeBlock',
      attrs: { language: 'typescript' },
      content: [{ type: 'text', text: 'const a = 1;' }],
    },
    { type: 'horizontalRule' },
    { type: 'pageBreak' },
    {
      type: 'image',
      attrs: {
        src: `${FILE}/diagram.png`,
        width: 640,
        height: 480,
        align: 'floatLeft',
        alt: 'Architecture',
        caption: 'Figure 1',
        attachmentId: ATTACHMENT_ID,
        size: 52_133,
        aspectRatio: 1.333,
        placeholder: null,
        title: null,
      },
    },
    {
      type: 'video',
      attrs: {
        src: `${FILE}/demo.mp4`,
        alt: 'Demo',
        attachmentId: ATTACHMENT_ID,
        width: 640,
        height: 360,
        size: 1_048_576,
        align: 'center',
        aspectRatio: 1.778,
        placeholder: null,
      },
    },
    {
      type: 'audio',
      attrs: {
        src: `${FILE}/call.mp3`,
        attachmentId: ATTACHMENT_ID,
        size: 204_800,
        placeholder: null,
      },
    },
    {
      type: 'pdf',
      attrs: {
        src: `${FILE}/spec.pdf`,
        name: 'spec.pdf',
        attachmentId: ATTACHMENT_ID,
        size: 90_000,
        width: 800,
        height: 600,
        placeholder: null,
      },
    },
    {
      type: 'attachment',
      attrs: {
        url: `${FILE}/notes.zip`,
        name: 'notes.zip',
        mime: 'application/zip',
        size: 3_000,
        attachmentId: ATTACHMENT_ID,
        placeholder: null,
      },
    },
    {
      type: 'table',
      content: [
        { type: 'tableRow', content: [cell('tableHeader')] },
        { type: 'tableRow', content: [cell('tableCell')] },
      ],
    },
    {
      type: 'callout',
      attrs: { type: 'warning', icon: '⚠️' },
      content: [paragraph('careful')],
    },
    {
      type: 'details',
      attrs: { open: true },
      content: [
        {
          type: 'detailsSummary',
          content: [{ type: 'text', text: 'More' }],
        },
        { type: 'detailsContent', content: [paragraph('hidden')] },
      ],
    },
    {
      type: 'columns',
      attrs: { layout: 'two_left_sidebar', widthMode: 'wide' },
      content: [
        { type: 'column', attrs: { width: 30 }, content: [paragraph('a')] },
        { type: 'column', attrs: { width: 70 }, content: [paragraph('b')] },
      ],
    },
    { type: 'mathBlock', attrs: { text: 'e = mc^2' } },
    ...(['drawio', 'excalidraw'] as const).map((type): ProseMirrorNode => ({
      type,
      attrs: {
        src: `${FILE}/${type}.svg`,
        title: `${type} diagram`,
        alt: 'Flow',
        width: 600,
        height: 400,
        size: 12_000,
        aspectRatio: 1.5,
        align: 'center',
        attachmentId: ATTACHMENT_ID,
      },
    })),
    {
      type: 'embed',
      attrs: {
        src: 'https://www.figma.com/file/abc',
        provider: 'figma',
        align: 'center',
        width: 640,
        height: 480,
      },
    },
    { type: 'htmlEmbed', attrs: { height: 240 } },
    {
      type: 'youtube',
      attrs: {
        src: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        start: 30,
        width: 640,
        height: 480,
      },
    },
    { type: 'subpages', attrs: { recursive: true } },
    { type: 'pageEmbed', attrs: { sourcePageId: PAGE_ID } },
    {
      type: 'transclusionSource',
      attrs: { id: 'syncedblock1' },
      content: [paragraph('shared')],
    },
    {
      type: 'transclusionReference',
      attrs: { sourcePageId: PAGE_ID, transclusionId: 'syncedblock1' },
    },
    {
      type: 'footnotesList',
      content: [
        {
          type: 'footnoteDefinition',
          attrs: { id: 'fn1' },
          content: [paragraph('A note.')],
        },
      ],
    },
  ],
};
