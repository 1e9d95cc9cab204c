import { TurnRecorder } from './turn-recorder';

const PAGE_A = '11111111-1111-4111-8111-111111111111';
const PAGE_B = '22222222-2222-4222-8222-222222222222';
const signal = (pageId: string) =>
  `[signal] new comments: 1 on page ${pageId} ("Title") \u2014 call listComments(pageId) for details`;
const NO_LOADS = {
  loadToolsCalls: 0,
  loadedToolNames: [],
  unknownNamesRejected: 0,
  recoveredCalls: 0,
};

function recorder(): TurnRecorder {
  return new TurnRecorder(
    {
      workspaceId: PAGE_A,
      chatId: null,
      modelId: 'm'.repeat(300),
      deferredTools: true,
    },
    new Map([
      ['getPage', 10],
      ['listComments', 20],
      ['loadTools', 5],
      ['getTable', 40],
    ]),
    ['getPage', 'listComments', 'getTable'],
  );
}

/** What the recorder reads of the specs of listComments, checkNewComments and getPage. */
const LIST_COMMENTS = { readsComments: 'page' } as const;
const CHECK_NEW_COMMENTS = { readsComments: 'since' } as const;
const GET_PAGE = {};

describe('TurnRecorder', () => {
  it('counts a signal as followed only when its page is read after it', () => {
    const turn = recorder();
    // A read before the signal follows nothing.
    turn.toolCall(LIST_COMMENTS, { pageId: PAGE_A }, {}, []);
    turn.toolCall(GET_PAGE, { pageId: PAGE_A }, {}, [
      `${signal(PAGE_A)}\n${signal(PAGE_B)}`,
    ]);
    // Another tool on the page is no read of its comments.
    turn.toolCall(GET_PAGE, { pageId: PAGE_B }, {}, []);
    // The page named by the output (the model passed a slugId) counts too.
    turn.toolCall(
      CHECK_NEW_COMMENTS,
      { pageId: 'slug' },
      { pageId: PAGE_A },
      [],
    );
    const row = turn.record(NO_LOADS);
    expect([row.signalLines, row.signalsFollowed]).toEqual([2, 1]);
  });

  it('sums the definitions each step was sent against every tool but loadTools', () => {
    const turn = recorder();
    turn.step(['getPage', 'loadTools'], undefined, false);
    // Every tool (OFF): `undefined`.
    turn.step(undefined, undefined, false);
    // The host's lockdown restricted the step: all-active is what the host allowed.
    turn.step([], [], true);
    const row = turn.record(NO_LOADS);
    expect(row).toMatchObject({
      steps: 3,
      toolTokensSent: 15 + 75,
      toolTokensAllActive: 70 + 70 + 0,
      reachedStepLimit: true,
    });
  });

  it('keeps loaded names the turn bound, the model id cut to 200 characters, usage when given', () => {
    const row = recorder().record(
      {
        loadToolsCalls: 2,
        loadedToolNames: ['getTable', 'not-bound'],
        unknownNamesRejected: 3,
        recoveredCalls: 1,
      },
      { status: 'aborted', usage: { inputTokens: 12.4, outputTokens: -1 } },
    );
    expect(row).toMatchObject({
      loadedTools: ['getTable'],
      modelId: 'm'.repeat(200),
      status: 'aborted',
      answered: false,
      inputTokens: 12,
      cachedInputTokens: null,
      outputTokens: null,
      unknownNames: 3,
      recoveredCalls: 1,
      loadToolsCalls: 2,
    });
  });

  it.each([
    [
      'ai 6 usage: inputTokenDetails.cacheReadTokens',
      {
        inputTokens: 2700,
        inputTokenDetails: { cacheReadTokens: 1024 },
        cachedInputTokens: 1024,
      },
      [2700, 1024],
    ],
    [
      'only the deprecated cachedInputTokens',
      { inputTokens: 2700, cachedInputTokens: 512 },
      [2700, 512],
    ],
    ['a provider without cache figures', { inputTokens: 2700 }, [2700, null]],
    [
      'cached input without an input count',
      { inputTokenDetails: { cacheReadTokens: 1024 } },
      [null, null],
    ],
    [
      'more cached than input (not a figure to show)',
      { inputTokens: 100, inputTokenDetails: { cacheReadTokens: 200 } },
      [100, null],
    ],
  ])('records the cached part of the input: %s', (_, usage, expected) => {
    const row = recorder().record(NO_LOADS, { usage });
    expect([row.inputTokens, row.cachedInputTokens]).toEqual(expected);
  });
});
