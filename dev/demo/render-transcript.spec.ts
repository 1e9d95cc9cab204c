import { abbreviate, renderTranscript } from './render-transcript';
import type { DemoReport, StepReport, TurnReport } from './turn-report';

const SIGNAL =
  '[signal] new comments: 1 on page 5eed0007-0000-4000-8000-000000000002 ("Roadmap 2025") — call listComments(pageId) for details';
const CORE = Array.from({ length: 14 }, (_, index) => `core${index}`);

function step(
  overrides: Partial<StepReport> & Pick<StepReport, 'stepNumber'>,
): StepReport {
  return {
    activeToolNames: CORE,
    newlyActiveToolNames: [],
    toolChoice: 'auto',
    toolTokens: 4037,
    catalogTokens: 520,
    events: [],
    toolCalls: [],
    ...overrides,
  };
}

function turn(overrides: Partial<TurnReport>): TurnReport {
  return {
    id: 'table-edit',
    title: 'Table edit (needs loadTools)',
    message: 'Raise the Team plan price to $10.',
    pageTitle: 'Pricing and Plans',
    userEmail: 'member@acme.test',
    chatId: 'chat-1',
    steps: [],
    tokens: {
      toolTokens: 9109,
      catalogTokens: 1040,
      deferredTokens: 10149,
      allActiveTokens: 26770,
      savingPercent: 62.1,
      docmostTokens: 11892,
      shareOfDocmostPercent: 85.3,
    },
    ...overrides,
  };
}

function report(turns: TurnReport[]): DemoReport {
  return {
    encoding: 'o200k_base',
    database: 'embedded PostgreSQL on port 5432 (.data/postgres)',
    boundToolCount: 35,
    unboundToolNames: ['transformPage', 'stashPage'],
    allActiveToolTokens: 13385,
    commentSignalDebounceMs: 0,
    turns,
    totals: {
      toolTokens: 9109,
      catalogTokens: 1040,
      deferredTokens: 10149,
      allActiveTokens: 26770,
      savingPercent: 62.1,
      docmostTokens: 11892,
      shareOfDocmostPercent: 85.3,
    },
    notes: [],
  };
}

describe('abbreviate', () => {
  it('keeps a short text whole and cuts a long one on one line, noting its full length', () => {
    expect(abbreviate('{"loaded":["getTable"]}', 40)).toBe(
      '{"loaded":["getTable"]}',
    );
    const long = 'x'.repeat(2000);
    const cut = abbreviate(long, 50);
    expect(cut.startsWith('x'.repeat(49))).toBe(true);
    expect(cut).toContain('… (2,000 chars)');
    expect(abbreviate('line one\nline two', 100)).toBe('line one ⏎ line two');
  });
});

describe('renderTranscript', () => {
  it('says up front that the agent is scripted and how tokens are counted', () => {
    const text = renderTranscript(report([]));
    expect(text).toContain('SCRIPTED AGENT');
    expect(text).toContain('standing in for a real model');
    expect(text).toContain('gpt-tokenizer o200k_base');
    expect(text).toContain(
      'Comment signal: debounce 0 ms (AI_COMMENT_SIGNAL_DEBOUNCE_MS=0 for the demo',
    );
    expect(text).toContain(
      'Bound tools: 35 (2 more have no executor yet: transformPage, stashPage); all of them active = 13,385 tokens per request.',
    );
  });

  it('shows per step the active tools, tokens sent with the catalog, calls, abbreviated results and activations', () => {
    const loaded = [...CORE, 'getTable', 'tableUpdateCell'];
    const text = renderTranscript(
      report([
        turn({
          steps: [
            step({
              stepNumber: 0,
              toolCalls: [
                {
                  toolCallId: 'a',
                  toolName: 'loadTools',
                  input: { names: ['getTable', 'tableUpdateCell'] },
                  result: {
                    text: '{"loaded":["getTable","tableUpdateCell"]}',
                    signals: [],
                    isError: false,
                  },
                },
              ],
            }),
            step({
              stepNumber: 1,
              activeToolNames: loaded,
              newlyActiveToolNames: ['getTable', 'tableUpdateCell'],
              toolTokens: 5072,
              toolCalls: [
                {
                  toolCallId: 'b',
                  toolName: 'getTable',
                  input: { table: '#2' },
                  result: {
                    text: `{"cells":"${'c'.repeat(500)}"}`,
                    signals: [],
                    isError: false,
                  },
                },
              ],
            }),
            step({
              stepNumber: 2,
              activeToolNames: loaded,
              toolTokens: 5072,
              toolChoice: 'none',
              text: 'Updated the Team price.',
            }),
          ],
        }),
      ]),
      { maxResultChars: 80 },
    );
    expect(text).toContain('Turn 1/1 · Table edit (needs loadTools)');
    expect(text).toContain(
      'user member@acme.test, on "Pricing and Plans": Raise the Team plan price to $10.',
    );
    expect(text).toContain(
      "step 0 · 14 tools active · tools 4,037 + catalog 520 = 4,557 tokens (all active: 13,385; Docmost's own: 5,946)",
    );
    expect(text).toContain(
      '  → loadTools {"names":["getTable","tableUpdateCell"]}',
    );
    expect(text).toContain('  ← {"loaded":["getTable","tableUpdateCell"]}');
    expect(text).toContain(
      'step 1 · 16 tools active · tools 5,072 + catalog 520 = 5,592 tokens',
    );
    expect(text).toContain(
      '⇡ 14 → 16 tools: getTable, tableUpdateCell now active',
    );
    expect(text).toContain('(512 chars)');
    expect(text).not.toContain('c'.repeat(100));
    expect(text).toContain('final step, tools locked');
    expect(text).toContain('  agent: Updated the Team price.');
    expect(text).toContain(
      "tool tokens this turn: sent 10,149 (tools 9,109 + catalog 1,040), 85.3% of Docmost's own 11,892; vs the package all active 26,770 → 62.1% fewer",
    );
  });

  it('shows what happened meanwhile, the signal line under its result, and failed calls', () => {
    const text = renderTranscript(
      report([
        turn({
          steps: [
            step({
              stepNumber: 1,
              events: [
                'Sam Patel (admin@acme.test) commented on "Roadmap 2025"',
              ],
              toolCalls: [
                {
                  toolCallId: 'a',
                  toolName: 'getNode',
                  input: { block: 'abc' },
                  result: {
                    text: '{"text":"Q3"}',
                    signals: [SIGNAL],
                    isError: false,
                  },
                },
                {
                  toolCallId: 'b',
                  toolName: 'getPage',
                  input: {},
                  result: {
                    text: 'page not found or no access',
                    signals: [],
                    isError: true,
                  },
                },
                { toolCallId: 'c', toolName: 'getOutline', input: {} },
              ],
            }),
          ],
        }),
      ]),
    );
    const lines = text.split('\n');
    const result = lines.indexOf('  ← {"text":"Q3"}');
    expect(
      lines.indexOf(
        '  ✎ meanwhile: Sam Patel (admin@acme.test) commented on "Roadmap 2025"',
      ),
    ).toBeLessThan(result);
    expect(lines[result + 1]).toBe(`  ⚑ ${SIGNAL}`);
    expect(text).toContain('  ✗ page not found or no access');
    expect(text).toContain('  ← (no result: the turn ended)');
  });

  it('ends with a summary row per turn and a total', () => {
    const text = renderTranscript(
      report([
        turn({ steps: [step({ stepNumber: 0 }), step({ stepNumber: 1 })] }),
      ]),
    );
    const summary = text.slice(text.indexOf('Summary'));
    expect(summary).toMatch(
      /Table edit \(needs loadTools\)\s+2\s+10,149\s+11,892\s+85\.3%\s+26,770\s+62\.1%/,
    );
    expect(summary).toMatch(
      /all turns\s+2\s+10,149\s+11,892\s+85\.3%\s+26,770\s+62\.1%/,
    );
  });

  it('prints the notes (a setting the demo changed, warnings of the app)', () => {
    const text = renderTranscript({
      ...report([]),
      notes: ['settings.ai.deferredTools was OFF'],
    });
    expect(text).toContain('Note: settings.ai.deferredTools was OFF');
  });
});
