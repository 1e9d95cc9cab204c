import { renderDocumentText } from './render-text';
import { SAMPLE_DOCUMENT } from './test-documents.fixture';

describe('renderDocumentText', () => {
  it('renders one line per text block with block ids and top-level indexes, without markup', () => {
    const rendered = renderDocumentText(SAMPLE_DOCUMENT);
    expect(rendered.text).toBe(
      [
        '#0 [aaaaa] (heading 1) Roadmap',
        '#1 [bbbbb] We ship faster with docs.',
        '#2 (bulletList)',
        '     - [ccccc] ship the docs',
        '     - [ddddd] review',
        '#3 (table 2×2)',
        '     | [eeeee] Plan | [fffff] Price |',
        '     | [ggggg] Team | [hhhhh] $8 |',
        '#4 (image alt="architecture diagram" src="/files/diagram.png")',
        '#5 (code ts) ship()',
      ].join('\n'),
    );
    expect(rendered).toMatchObject({
      totalBlocks: 6,
      blockRange: [0, 5],
      truncated: false,
      lastBlockCut: false,
    });
  });

  it('stops at a block boundary before the limit and continues from a given block', () => {
    const first = renderDocumentText(SAMPLE_DOCUMENT, { maxChars: 90 });
    expect(first.text.split('\n')).toHaveLength(2);
    expect(first).toMatchObject({
      blockRange: [0, 1],
      truncated: true,
      lastBlockCut: false,
    });
    const next = renderDocumentText(SAMPLE_DOCUMENT, {
      fromBlock: 2,
      maxChars: 90,
    });
    expect(next.text.startsWith('#2 (bulletList)')).toBe(true);
    expect(next.blockRange?.[0]).toBe(2);
  });

  it('cuts a single block longer than the limit instead of returning nothing', () => {
    const rendered = renderDocumentText(SAMPLE_DOCUMENT, {
      fromBlock: 3,
      maxChars: 20,
    });
    expect(rendered.text).toHaveLength(20);
    expect(rendered).toMatchObject({
      blockRange: [3, 3],
      truncated: true,
      lastBlockCut: true,
    });
  });

  it('returns no range past the last block', () => {
    expect(renderDocumentText(SAMPLE_DOCUMENT, { fromBlock: 6 })).toEqual({
      text: '',
      totalBlocks: 6,
      blockRange: null,
      truncated: false,
      lastBlockCut: false,
    });
  });
});
