import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { LanguageModel } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { loadAppConfig } from '../../host/config/app-config';
import {
  seedDemoWorkspace,
  type SeedResult,
} from '../../host/seed/seed-demo-workspace';
import { SEED_IDS } from '../../host/seed/seed-ids';
import { postChat, type ChatResponse } from '../chat/support/chat-test-host';
import {
  createScriptedModel,
  sentToolResults,
  type ModelCallOptions,
  type ScriptEntry,
} from '../chat/support/scripted-model';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';
import {
  createAppWithModel,
  insertHumanComment,
} from './support/chat-signal-support';

const { pages, spaces, users } = SEED_IDS;
const SIGNAL_PREFIX = '[signal] new comments:';
const LONG_AGO = '2000-01-01T00:00:00Z';

const signalLine = (pageId: string, count: number) =>
  `[signal] new comments: ${count} on page ${pageId} ("${titleOf(pageId)}") \u2014 call listComments(pageId) for details`;

let database: TestDatabase;
let seed: SeedResult;
let app: NestFastifyApplication;
let current: LanguageModel | undefined;

const titleOf = (pageId: string) =>
  seed.pages.find((page) => page.id === pageId)!.title;
const memberToken = () =>
  seed.users.find((user) => user.role === 'member')!.token;

/** One model for the whole app; each test plays its own script through it. */
const model = new MockLanguageModelV3({
  doStream: async (options) => {
    if (current === undefined) throw new Error('no model set for this test');
    return (current as MockLanguageModelV3).doStream(options);
  },
});

/** Plays `script`, running `before(stepIndex)` before each step is answered (between two tool calls). */
function play(
  script: readonly ScriptEntry[],
  before: (step: number) => Promise<void> = async () => undefined,
): MockLanguageModelV3 {
  const scripted = createScriptedModel(script);
  let step = 0;
  const played = new MockLanguageModelV3({
    doStream: async (options) => {
      await before(step++);
      return scripted.doStream(options);
    },
  });
  current = played;
  return played;
}

/** The signal lines the model was sent in each tool result of one request, by tool call id. */
function signalsIn(options: ModelCallOptions): Map<string, string[]> {
  const signals = new Map<string, string[]>();
  for (const [callId, result] of sentToolResults(options)) {
    const output = result.output as { type: string; value?: unknown };
    if (output.type !== 'content' || !Array.isArray(output.value)) continue;
    const lines = (output.value as { type: string; text?: string }[])
      .flatMap((part) =>
        part.type === 'text' && part.text !== undefined
          ? part.text.split('\n')
          : [],
      )
      .filter((line) => line.startsWith(SIGNAL_PREFIX));
    if (lines.length > 0) signals.set(callId, lines);
  }
  return signals;
}

function comment(pageId: string, text: string): Promise<string> {
  return insertHumanComment(database.db, {
    pageId,
    creatorId: users.admin,
    text,
  });
}

function expectClean(response: ChatResponse): void {
  expect(response.statusCode).toBe(200);
  expect(
    response.chunks.filter(
      (chunk) => chunk.type === 'error' || chunk.type === 'tool-output-error',
    ),
  ).toEqual([]);
}

beforeAll(async () => {
  database = await createTestDatabase();
  seed = await seedDemoWorkspace(database.db);
  app = await createAppWithModel({
    db: database.db,
    config: loadAppConfig({ AI_COMMENT_SIGNAL_DEBOUNCE_MS: '0' }),
    model,
  });
});

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('comment signal across the turns of one chat, on the database', () => {
  it('after a scoped checkNewComments the other page is still news, once', async () => {
    const played = play(
      [
        {
          toolCalls: [
            { toolName: 'loadTools', input: { names: ['checkNewComments'] } },
          ],
        },
        {
          toolCalls: [
            { toolName: 'getOutline', input: { pageId: pages.pricing } },
          ],
        },
        {
          toolCalls: [
            { toolName: 'getOutline', input: { pageId: pages.releaseNotes } },
          ],
        },
        {
          toolCalls: [
            {
              toolName: 'checkNewComments',
              input: {
                spaceId: spaces.product,
                since: LONG_AGO,
                pageId: pages.releaseNotes,
              },
              toolCallId: 'check-a',
            },
          ],
        },
        {
          toolCalls: [
            {
              toolName: 'getOutline',
              input: { pageId: pages.onboarding },
              toolCallId: 'after-check',
            },
          ],
        },
        {
          toolCalls: [
            {
              toolName: 'getOutline',
              input: { pageId: pages.onboarding },
              toolCallId: 'again',
            },
          ],
        },
        { text: 'Done.' },
      ],
      async (step) => {
        // After both pages were counted (no news), while the model decides on the scoped check.
        if (step === 3) {
          await comment(pages.releaseNotes, 'on A, read by the check');
          await comment(pages.pricing, 'on B, only the signal reports it');
        }
      },
    );
    expectClean(
      await postChat(app, memberToken(), {
        message: 'What did people say about the release notes?',
      }),
    );
    const signals = signalsIn(played.doStreamCalls.at(-1)!);
    expect(signals.get('after-check')).toEqual([signalLine(pages.pricing, 1)]);
    expect(signals.has('again')).toBe(false);
  });

  it('after a truncated checkNewComments every page is still news, once', async () => {
    const played = play(
      [
        {
          toolCalls: [
            { toolName: 'loadTools', input: { names: ['checkNewComments'] } },
          ],
        },
        {
          toolCalls: [
            {
              toolName: 'getOutline',
              input: { pageId: pages.designPrinciples },
            },
          ],
        },
        {
          toolCalls: [
            {
              toolName: 'checkNewComments',
              input: { spaceId: spaces.product, since: LONG_AGO, limit: 1 },
              toolCallId: 'check',
            },
          ],
        },
        {
          toolCalls: [
            {
              toolName: 'getOutline',
              input: { pageId: pages.onboarding },
              toolCallId: 'after-check',
            },
          ],
        },
        {
          toolCalls: [
            {
              toolName: 'getOutline',
              input: { pageId: pages.onboarding },
              toolCallId: 'again',
            },
          ],
        },
        { text: 'Done.' },
      ],
      async (step) => {
        if (step === 2) {
          await comment(pages.designPrinciples, 'first');
          await comment(pages.designPrinciples, 'second');
        }
      },
    );
    expectClean(
      await postChat(app, memberToken(), { message: 'Any new comments?' }),
    );
    const last = played.doStreamCalls.at(-1)!;
    expect(sentToolResults(last).get('check')?.output).toMatchObject({
      type: 'json',
      value: { truncated: true },
    });
    const signals = signalsIn(last);
    expect(signals.get('after-check')).toEqual([
      signalLine(pages.designPrinciples, 2),
    ]);
    expect(signals.has('again')).toBe(false);
  });

  it("a comment made between a turn's last check and its end is news in the next turn, once", async () => {
    play(
      [
        {
          toolCalls: [
            { toolName: 'getOutline', input: { pageId: pages.weeklySync } },
          ],
        },
        { text: 'Read it.' },
      ],
      async (step) => {
        // The turn's only check ran with getOutline; the comment comes before the turn ends.
        if (step === 1)
          await comment(pages.weeklySync, 'made as the turn ended');
      },
    );
    const first = await postChat(app, memberToken(), {
      message: 'Read the weekly sync',
    });
    expectClean(first);
    const chatId = first.headers['x-chat-id'] as string;

    const second = play([
      {
        toolCalls: [
          {
            toolName: 'searchPages',
            input: { query: 'sync' },
            toolCallId: 'first-call',
          },
        ],
      },
      {
        toolCalls: [
          {
            toolName: 'searchPages',
            input: { query: 'notes' },
            toolCallId: 'second-call',
          },
        ],
      },
      { text: 'ok' },
    ]);
    expectClean(
      await postChat(app, memberToken(), { message: 'Anything new?', chatId }),
    );
    const signals = signalsIn(second.doStreamCalls.at(-1)!);
    expect(signals.get('first-call')).toEqual([
      signalLine(pages.weeklySync, 1),
    ]);
    expect(signals.has('second-call')).toBe(false);

    const third = play([
      {
        toolCalls: [
          {
            toolName: 'searchPages',
            input: { query: 'sync' },
            toolCallId: 'third-turn',
          },
        ],
      },
      { text: 'ok' },
    ]);
    expectClean(
      await postChat(app, memberToken(), { message: 'And now?', chatId }),
    );
    expect(signalsIn(third.doStreamCalls.at(-1)!).size).toBe(0);
  });
});
