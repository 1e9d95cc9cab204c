import { parseEvalArguments } from './eval-arguments';

describe('parseEvalArguments', () => {
  it('reads every option, in both spellings', () => {
    expect(
      parseEvalArguments([
        '--json',
        '--repeat',
        '3',
        '--only=table-cell,proofread',
        '--persona',
        'loader',
        '--report',
        'out/eval.md',
        '--without',
        'repair',
        '--min-rate=0.8',
      ]),
    ).toEqual({
      json: true,
      variation: { repair: false, catalog: true, carry: true },
      repeat: 3,
      minRate: 0.8,
      only: ['table-cell', 'proofread'],
      personas: ['loader'],
      reportPath: 'out/eval.md',
      // Repair is a path of the tool list: switched off, the run says where tools go.
      toolLoading: 'tool-list',
    });
    expect(parseEvalArguments([])).toEqual({
      json: false,
      repeat: 1,
      minRate: 1,
      variation: { repair: true, catalog: true, carry: true },
      toolLoading: 'in-conversation',
    });
  });

  it('compares the ways ON hands a loaded tool over: --tool-loading', () => {
    expect(
      parseEvalArguments(['--tool-loading', 'tool-list']).toolLoading,
    ).toBe('tool-list');
    expect(
      parseEvalArguments(['--tool-loading=in-conversation', '--without=carry'])
        .toolLoading,
    ).toBe('in-conversation');
  });

  it.each([
    [
      ['--repeat', '0'],
      '--repeat "0" is not valid; expected an integer from 1 to 100',
    ],
    [['--repeat'], '--repeat needs a value'],
    [
      ['--min-rate', '1.5'],
      '--min-rate "1.5" is not valid; expected a number from 0 to 1',
    ],
    [['--only', ','], '--only needs a comma-separated list of ids'],
    [['--report', 'eval.html'], 'must name a Markdown file ending in .md'],
    [
      ['--without', 'repair,cache'],
      '--without takes repair, catalog and/or carry, not "cache"',
    ],
    [
      ['--tool-loading', 'lazy'],
      '--tool-loading "lazy" is not valid; expected one of in-conversation, in-conversation-without-stubs, tool-list',
    ],
    [['--fast'], 'unknown argument "--fast"; usage: npm run eval'],
  ])('rejects %j naming the problem', (argv, message) => {
    expect(() => parseEvalArguments(argv)).toThrow(message);
  });
});
