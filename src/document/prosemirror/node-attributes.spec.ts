import {
  MARK_ATTRIBUTES,
  NODE_ATTRIBUTES,
  URL_ATTRIBUTE_NAMES,
} from './node-attributes';
import { EVERY_ATTRIBUTE_DOCUMENT } from './docmost-attributes.fixture';
import { DOCMOST_MARK_TYPES, DOCMOST_NODE_TYPES } from './node-schema';
import type { ProseMirrorNode } from './prosemirror-node';
import { assertValidNode, findNodeIssues } from './validate-node';

describe('declared attributes', () => {
  it('declare the attributes of exactly the node and mark types the schema knows', () => {
    expect(Object.keys(NODE_ATTRIBUTES).sort()).toEqual(
      [...DOCMOST_NODE_TYPES].sort(),
    );
    expect(Object.keys(MARK_ATTRIBUTES).sort()).toEqual(
      [...DOCMOST_MARK_TYPES].sort(),
    );
  });

  it('never declare an attribute that the browser reads as markup or script', () => {
    const all = [
      ...Object.values(NODE_ATTRIBUTES),
      ...Object.values(MARK_ATTRIBUTES),
    ].flat();
    expect(
      all.filter((name) => /^on|^style$|^srcdoc$|^formaction$/i.test(name)),
    ).toEqual([]);
    expect([...URL_ATTRIBUTE_NAMES].sort()).toEqual(['href', 'src', 'url']);
  });
});

describe("the declared attributes match Docmost's editor", () => {
  /** Every attribute used on each node and mark type of a document. */
  function attributesUsed(document: ProseMirrorNode): Map<string, Set<string>> {
    const used = new Map<string, Set<string>>();
    const note = (type: string, attrs: object | undefined) => {
      const names = used.get(type) ?? new Set<string>();
      for (const name of Object.keys(attrs ?? {})) names.add(name);
      used.set(type, names);
    };
    const visit = (node: ProseMirrorNode) => {
      note(node.type, node.attrs);
      for (const mark of node.marks ?? []) note(mark.type, mark.attrs);
      node.content?.forEach(visit);
    };
    visit(document);
    return used;
  }

  /** The node of a type from the page, with one attribute set (added or replaced). */
  function withAttribute(
    type: string,
    name: string,
    value: unknown,
  ): ProseMirrorNode {
    const find = (node: ProseMirrorNode): ProseMirrorNode | undefined =>
      node.type === type
        ? node
        : node.content?.map(find).find((found) => found !== undefined);
    const stored = find(EVERY_ATTRIBUTE_DOCUMENT)!;
    return { ...stored, attrs: { ...stored.attrs, [name]: value } };
  }

  it('accept a page using every node and mark type with every attribute Docmost stores on it', () => {
    expect(findNodeIssues(EVERY_ATTRIBUTE_DOCUMENT, { label: 'doc' })).toEqual(
      [],
    );
    // The page uses exactly the declared attributes, so every one of them is checked above.
    const used = attributesUsed(EVERY_ATTRIBUTE_DOCUMENT);
    const declared = { ...NODE_ATTRIBUTES, ...MARK_ATTRIBUTES };
    for (const [type, names] of Object.entries(declared))
      expect([type, [...(used.get(type) ?? [])].sort()]).toEqual([
        type,
        [...names].sort(),
      ]);
  });

  it('refuse the attributes Docmost does not store, which its schema would drop', () => {
    const dropped: readonly [string, string][] = [
      ['paragraph', 'dir'],
      ['blockquote', 'id'],
      ['table', 'width'],
      ['table', 'layout'],
      ['tableCell', 'verticalAlign'],
      ['callout', 'iconColor'],
      ['columns', 'widths'],
      ['column', 'position'],
      ['status', 'id'],
      ['audio', 'width'],
      ['pdf', 'title'],
      ['youtube', 'align'],
      ['htmlEmbed', 'width'],
      ['pageEmbed', 'pageId'],
      ['transclusionReference', 'sourceId'],
      ['footnoteReference', 'footnoteId'],
      ['footnoteDefinition', 'number'],
    ];
    for (const [type, attribute] of dropped) {
      expect(
        findNodeIssues(withAttribute(type, attribute, 'x'), { label: type }),
      ).toEqual([
        expect.objectContaining({
          path: `${type}.attrs`,
          message: expect.stringContaining(
            `node has no attribute "${attribute}"`,
          ),
        }),
      ]);
    }
    const styled = {
      type: 'text',
      text: 'x',
      marks: [{ type: 'textStyle', attrs: { fontFamily: 'serif' } }],
    };
    expect(findNodeIssues(styled)[0]?.message).toBe(
      'a textStyle mark has no attribute "fontFamily" (its attributes are color)',
    );
  });

  it('refuse a script URL in every URL attribute of every type, and leave text attributes alone', () => {
    const urlAttributes = Object.entries(NODE_ATTRIBUTES).flatMap(
      ([type, names]) =>
        names
          .filter((name) => URL_ATTRIBUTE_NAMES.has(name))
          .map((name) => [type, name] as const),
    );
    expect(urlAttributes.map(([type, name]) => `${type}.${name}`)).toEqual([
      'image.src',
      'video.src',
      'audio.src',
      'pdf.src',
      'attachment.url',
      'drawio.src',
      'excalidraw.src',
      'embed.src',
      'youtube.src',
    ]);
    for (const [type, name] of urlAttributes) {
      const node = withAttribute(type, name, 'javascript:alert(1)');
      expect(findNodeIssues(node, { label: type })).toEqual([
        {
          path: `${type}.attrs.${name}`,
          message: expect.stringContaining(
            'uses the scheme "javascript:", which Docmost pages may not hold',
          ),
        },
      ]);
    }
    const link = {
      type: 'text',
      text: 'x',
      marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }],
    };
    expect(findNodeIssues(link)[0]?.path).toBe('node.marks[0].attrs.href');
    // A page id or a status label is text, whatever it reads like.
    for (const [type, name] of [
      ['status', 'text'],
      ['pageEmbed', 'sourcePageId'],
    ] as const)
      expect(
        findNodeIssues(withAttribute(type, name, 'javascript:alert(1)')),
      ).toEqual([]);
  });
});

describe('findNodeIssues on attributes', () => {
  it('refuses attributes a node or mark type does not declare, naming the attribute, the type and the allowed ones', () => {
    const onclick = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          attrs: { id: 'abcdefghijkl', onclick: 'alert(1)' },
        },
      ],
    };
    expect(findNodeIssues(onclick, { label: 'doc' })).toEqual([
      {
        path: 'doc.content[0].attrs',
        message:
          'a paragraph node has no attribute "onclick" (its attributes are id, textAlign, indent)',
        unknown: 'attribute',
      },
    ]);
    const styled = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            {
              type: 'text',
              text: 'x',
              marks: [
                { type: 'bold', attrs: { style: 'x' } },
                { type: 'link', attrs: { href: '/a', onmouseover: 'x' } },
              ],
            },
          ],
        },
      ],
    };
    const messages = findNodeIssues(styled).map((issue) => issue.message);
    expect(messages).toEqual([
      'a bold mark has no attribute "style" (it takes no attributes)',
      expect.stringMatching(
        /^a link mark has no attribute "onmouseover" \(its attributes are href, target, rel, class, title, internal\)$/,
      ),
    ]);
    const outside = {
      type: 'paragraph',
      onclick: 'alert(1)',
      content: [
        { type: 'text', text: 'x', marks: [{ type: 'bold', style: 'x' }] },
      ],
    };
    expect(findNodeIssues(outside).map((issue) => issue.message)).toEqual([
      'a paragraph has a field "onclick"; a node has only type, attrs, content, text, marks (attributes go in attrs)',
      'a bold mark has a field "style"; a mark has only type, attrs (attributes go in attrs)',
    ]);
    const embed = {
      type: 'htmlEmbed',
      attrs: { html: '<script>alert(1)</script>' },
    };
    expect(findNodeIssues(embed)[0]?.message).toBe(
      'a htmlEmbed node has no attribute "html" (raw HTML embeds cannot be written by a tool, as they would run script for readers; leave existing ones in place by editing other blocks with patchNode, insertNode or deleteNode)',
    );
    const long = { type: 'image', attrs: { ['x'.repeat(100_000)]: 1 } };
    expect(findNodeIssues(long)[0]!.message.length).toBeLessThan(300);
    expect(() => assertValidNode(onclick, { label: 'doc' })).toThrow(
      /no attribute "onclick".*Nothing was written\.$/,
    );
  });

  it("accepts the attributes Docmost's editor stores on its nodes and marks", () => {
    const doc = {
      type: 'doc',
      content: [
        {
          type: 'heading',
          attrs: { id: 'abcdefghijkl', level: 2, textAlign: 'left', indent: 0 },
          content: [
            {
              type: 'text',
              text: 'H',
              marks: [
                { type: 'textStyle', attrs: { color: '#f00' } },
                { type: 'highlight', attrs: { color: '#fef08a' } },
              ],
            },
          ],
        },
        {
          type: 'paragraph',
          attrs: { id: 'bbbbbbbbbbbb', textAlign: 'center' },
          content: [
            {
              type: 'text',
              text: 'x',
              marks: [
                {
                  type: 'link',
                  attrs: {
                    href: '/s/a/p/b',
                    target: '_blank',
                    rel: 'noopener noreferrer nofollow',
                    class: null,
                    internal: true,
                  },
                },
                {
                  type: 'comment',
                  attrs: { commentId: 'c1', resolved: false },
                },
              ],
            },
            {
              type: 'mention',
              attrs: {
                id: 'm',
                label: 'Ann',
                entityType: 'user',
                entityId: 'u',
                slugId: null,
                creatorId: 'u2',
              },
            },
          ],
        },
        {
          type: 'orderedList',
          attrs: { start: 1, type: null },
          content: [{ type: 'listItem', content: [{ type: 'paragraph' }] }],
        },
        {
          type: 'table',
          content: [
            {
              type: 'tableRow',
              content: [
                {
                  type: 'tableCell',
                  attrs: {
                    colspan: 1,
                    rowspan: 1,
                    colwidth: null,
                    backgroundColor: null,
                    backgroundColorName: null,
                  },
                  content: [{ type: 'paragraph' }],
                },
              ],
            },
          ],
        },
        {
          type: 'image',
          attrs: {
            src: '/api/files/x/a.png',
            alt: 'a',
            title: null,
            align: 'center',
            width: '100%',
            attachmentId: 'x',
            size: 10,
            caption: '',
          },
        },
        {
          type: 'attachment',
          attrs: {
            url: '/files/x/a.zip',
            name: 'a.zip',
            mime: 'application/zip',
            size: 3,
            attachmentId: 'x',
            placeholder: null,
          },
        },
        {
          type: 'embed',
          attrs: {
            src: 'https://youtube.com/x',
            provider: 'youtube',
            align: 'center',
            width: 800,
            height: 600,
          },
        },
        {
          type: 'callout',
          attrs: { type: 'info', icon: '💡' },
          content: [{ type: 'paragraph' }],
        },
        { type: 'codeBlock', attrs: { language: 'ts' } },
        { type: 'mathBlock', attrs: { text: 'e=mc^2' } },
      ],
    };
    expect(findNodeIssues(doc, { label: 'doc' })).toEqual([]);
  });
});
