import {
  comparisonWith,
  modelCues,
  toGroup,
  type DailyGroupRow,
} from './turn-stats-summary';

/** A group's sums as PostgreSQL hands them over: bigint sums arrive as text. */
function row(overrides: Partial<DailyGroupRow> = {}): DailyGroupRow {
  return {
    days: 7,
    modelId: 'gpt-4.1',
    deferredTools: true,
    turns: 4,
    steps: '10',
    sent: '25661',
    allActive: '135330',
    turnsLoading: 1,
    unknownNames: '0',
    turnsUnknown: 0,
    recoveredCalls: '0',
    turnsRecovered: 0,
    stepLimit: 0,
    signalLines: '0',
    signalsFollowed: '0',
    inputTokens: '40000',
    outputTokens: '2000',
    cacheTurns: 3,
    cachedInputTokens: '24000',
    freshInputTokens: '6001',
    unanswered: 0,
    unansweredWithoutLoads: 0,
    topLoaded: '[{"name":"getTable","turns":1}]',
    ...overrides,
  };
}

describe('a group of the turn figures, from its daily sums', () => {
  it('splits the input of the turns that reported their cached part into fresh and cached, per turn', () => {
    const group = toGroup(row());
    expect(group.inputTokensPerTurn).toEqual({
      turns: 3,
      fresh: 2000,
      cached: 8000,
    });
    // The provider's totals stay whole: one turn reported input without a cached part.
    expect(group.providerTokens).toEqual({ input: 40000, output: 2000 });
    expect(group.toolTokensPerStep).toEqual({ sent: 2566, allActive: 13533 });
  });

  it('has no input per turn when no turn reported the cached part', () => {
    expect(
      toGroup(
        row({ cacheTurns: 0, cachedInputTokens: '0', freshInputTokens: '0' }),
      ).inputTokensPerTurn,
    ).toEqual({ turns: 0, fresh: null, cached: null });
  });

  it('a turn whose whole input was cached has no fresh input', () => {
    expect(
      toGroup(
        row({
          cacheTurns: 1,
          cachedInputTokens: '1024',
          freshInputTokens: '0',
        }),
      ).inputTokensPerTurn,
    ).toEqual({ turns: 1, fresh: 0, cached: 1024 });
  });

  it('shares are of turns, null without turns', () => {
    const empty = toGroup(
      row({
        turns: 0,
        steps: '0',
        turnsLoading: 0,
        cacheTurns: 0,
        topLoaded: null,
      }),
    );
    expect(empty.loadToolsTurnShare).toBeNull();
    expect(empty.toolTokensPerStep).toEqual({ sent: 0, allActive: 0 });
    expect(empty.topLoadedTools).toEqual([]);
    expect(toGroup(row()).loadToolsTurnShare).toBe(0.25);
  });

  it('points out a model whose deferred turns that load nothing end unanswered more often', () => {
    const on = toGroup(row({ unansweredWithoutLoads: 2 }));
    const off = toGroup(row({ deferredTools: false, unanswered: 1 }));
    expect(modelCues([on, off])).toEqual([
      {
        modelId: 'gpt-4.1',
        deferredUnansweredWithoutLoadsShare: 0.5,
        allActiveUnansweredShare: 0.25,
        deferredToolsStruggle: true,
      },
    ]);
  });
});

describe('what the tool tokens are compared with', () => {
  it("is the host's own tool set when the host gives it, named as the host names it", () => {
    expect(
      comparisonWith({ name: "Docmost's own tools", tokens: 5946 }),
    ).toEqual({
      against: 'hostToolSet',
      name: "Docmost's own tools",
      tokensPerRequest: 5946,
    });
  });

  it('is every tool of the turn active otherwise', () => {
    expect(comparisonWith(undefined)).toEqual({ against: 'allActive' });
  });
});
