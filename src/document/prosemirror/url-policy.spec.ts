import { findNodeIssues } from './validate-node';

/** Every URL a page holds passes the one allow-list of `url-policy.ts`, as validation applies it. */
describe('the URL allow-list, as findNodeIssues applies it', () => {
  it('refuses script URLs in href and src, however they are spelled, and keeps ordinary ones', () => {
    const link = (href: string) => ({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            {
              type: 'text',
              text: 'x',
              marks: [{ type: 'link', attrs: { href } }],
            },
          ],
        },
      ],
    });
    const image = (src: string) => ({
      type: 'doc',
      content: [{ type: 'image', attrs: { src } }],
    });
    for (const url of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      '\u0001vbscript:msgbox(1)',
    ]) {
      expect(findNodeIssues(link(url))[0]?.message).toMatch(
        /^href ".*" uses the scheme "(javascript|vbscript):", which Docmost pages may not hold; allowed: http:, https:, mailto:, tel: or a relative path/,
      );
      expect(findNodeIssues(image(url))[0]?.path).toBe(
        'node.content[0].attrs.src',
      );
    }
    for (const url of [
      'https://x.test/a?javascript:1',
      '/files/a.png',
      '/api/files/f/a.png',
      '//cdn.test/a.png',
      'a/b.png',
      '#javascript',
      'mailto:a@x.test',
      'tel:+15550100',
      'javascript',
      '',
    ]) {
      expect(findNodeIssues(link(url))).toEqual([]);
      expect(findNodeIssues(image(url))).toEqual([]);
    }
  });

  it('sends the URL attributes of every node type through one scheme allow-list', () => {
    const block = (type: string, attrs: Record<string, unknown>) => ({
      type: 'doc',
      content: [{ type, attrs }],
    });
    const refused: readonly [string, Record<string, unknown>, string][] = [
      ['attachment', { url: 'javascript:alert(1)', name: 'a.zip' }, 'url'],
      [
        'embed',
        { src: 'data:text/html,<script>alert(1)</script>', provider: 'iframe' },
        'src',
      ],
      ['video', { src: 'vbscript:x' }, 'src'],
      ['audio', { src: 'file:///etc/passwd' }, 'src'],
      ['pdf', { src: 'blob:https://x.test/1' }, 'src'],
      ['drawio', { src: 'javascript:1' }, 'src'],
      [
        'excalidraw',
        { src: 'data:image/svg+xml,<svg onload=alert(1)>' },
        'src',
      ],
      ['youtube', { src: 'javascript://youtube.com/%0aalert(1)' }, 'src'],
      ['image', { src: 'data:image/svg+xml;base64,PHN2Zz4=' }, 'src'],
      ['image', { src: 'data:text/html;base64,PHNjcmlwdD4=' }, 'src'],
    ];
    for (const [type, attrs, attribute] of refused) {
      const issues = findNodeIssues(block(type, attrs), { label: 'doc' });
      expect(issues).toEqual([
        expect.objectContaining({
          path: `doc.content[0].attrs.${attribute}`,
          message: expect.stringContaining('which Docmost pages may not hold'),
        }),
      ]);
    }
    expect(
      findNodeIssues(
        block('image', { src: 'data:image/png;base64,iVBORw0KGgo=' }),
      ),
    ).toEqual([]);
    expect(findNodeIssues(block('image', { src: 42 }))[0]?.message).toBe(
      'src must be a string URL, not number',
    );
    expect(
      findNodeIssues(
        block('embed', {
          src: 'https://www.figma.com/file/x',
          provider: 'figma',
        }),
      ),
    ).toEqual([]);
    expect(
      findNodeIssues(
        block('attachment', {
          url: '/api/files/5eed/report.pdf',
          name: 'report.pdf',
          mime: 'application/pdf',
          size: 10,
        }),
      ),
    ).toEqual([]);
  });
});
