import { findColorProblem, isCssColor } from './color-policy';
import { findNodeIssues } from './validate-node';

const paragraphWith = (mark: unknown) => ({
  type: 'doc',
  content: [
    {
      type: 'paragraph',
      content: [{ type: 'text', text: 'styled', marks: [mark] }],
    },
  ],
});

describe('colour attributes', () => {
  it.each([
    'red',
    'RebeccaPurple',
    'transparent',
    '#dc2626',
    '#fff',
    '#ffffff80',
    'rgb(220, 38, 38)',
    'rgba(220 38 38 / 50%)',
    'hsl(0deg 72% 51%)',
    'hsla(0, 72%, 51%, 0.5)',
  ])('accepts the CSS colour %s', (value) => {
    expect(isCssColor(value)).toBe(true);
  });

  it.each([
    'red; position:fixed; inset:0; background:white',
    'red;',
    '#dc2626 !important',
    'url(https://evil.test/x.png)',
    'expression(alert(1))',
    'rgb(1,2,3); top:0',
    'var(--x); z-index: 9999',
    '',
    'reddish',
  ])('refuses %j', (value) => {
    expect(isCssColor(value)).toBe(false);
  });

  it('refuses CSS in every colour attribute of a document, naming it and what is valid', () => {
    const css = 'red; position:fixed; inset:0';
    for (const document of [
      paragraphWith({ type: 'textStyle', attrs: { color: css } }),
      paragraphWith({ type: 'highlight', attrs: { color: css } }),
      {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [{ type: 'status', attrs: { text: 'Done', color: css } }],
          },
        ],
      },
      {
        type: 'doc',
        content: [
          {
            type: 'table',
            content: [
              {
                type: 'tableRow',
                content: [
                  {
                    type: 'tableCell',
                    attrs: { backgroundColor: css },
                    content: [{ type: 'paragraph' }],
                  },
                ],
              },
            ],
          },
        ],
      },
    ]) {
      const issues = findNodeIssues(document);
      expect(issues.map((issue) => issue.message).join('\n')).toMatch(
        /must be a CSS colour \(a name such as "red", a hex colour such as "#dc2626", or rgb\(\)\/hsl\(\)\), got "red; position:fixed/,
      );
    }
  });

  it('leaves an unset colour alone', () => {
    expect(
      findColorProblem(null, {
        nodeType: 'tableCell',
        attribute: 'backgroundColor',
      }),
    ).toBeUndefined();
  });
});
