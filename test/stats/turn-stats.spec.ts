import { metrics } from '@opentelemetry/api';
import {
  AggregationTemporality,
  MeterProvider,
  MetricReader,
  type MetricData,
} from '@opentelemetry/sdk-metrics';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MockLanguageModelV3 } from 'ai/test';
import fc from 'fast-check';
import { sql } from 'kysely';
import { loadAppConfig } from '../../host/config/app-config';
import { seedDemoWorkspace } from '../../host/seed/seed-demo-workspace';
import { SEED_IDS } from '../../host/seed/seed-ids';
import {
  estimateTokens,
  TURN_METRIC_NAMES,
  TurnStatsService,
  type TurnStatsGroup,
  type TurnStatsSummary,
} from '../../src';
import { postChat, type ChatResponse } from '../chat/support/chat-test-host';
import {
  createScriptedModel,
  type ModelCallOptions,
  type ScriptEntry,
} from '../chat/support/scripted-model';
import {
  createAppWithModel,
  insertHumanComment,
  withHookBeforeCall,
} from '../comment-signal/support/chat-signal-support';
import { TurnStatsWriter } from '../../src/stats/turn-stats-writer';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';

const { pages, users } = SEED_IDS;

/** Collects on demand: what an exporter would be handed. */
class TestMetricReader extends MetricReader {
  constructor() {
    super({
      aggregationTemporalitySelector: () => AggregationTemporality.CUMULATIVE,
    });
  }
  protected async onForceFlush(): Promise<void> {}
  protected async onShutdown(): Promise<void> {}
}

/** A model the test swaps per turn (the app's factory hands out this one). */
let current: MockLanguageModelV3 = createScriptedModel([]);
const model = new MockLanguageModelV3({
  doStream: (options) => current.doStream(options),
});

let database: TestDatabase;
let app: NestFastifyApplication;
let stats: TurnStatsService;
let tokens: Record<string, string>;
const reader = new TestMetricReader();

beforeAll(async () => {
  const provider = new MeterProvider({ readers: [reader] });
  metrics.setGlobalMeterProvider(provider);
  database = await createTestDatabase();
  const seed = await seedDemoWorkspace(database.db);
  tokens = Object.fromEntries(
    seed.users.map((user) => [user.role, user.token]),
  );
  app = await createAppWithModel({
    db: database.db,
    config: loadAppConfig({
      AI_COMMENT_SIGNAL_DEBOUNCE_MS: '0',
      AI_MAX_STEPS: '8',
    }),
    model,
  });
  stats = app.get(TurnStatsService);
});

afterAll(async () => {
  await app?.close();
  await database?.drop();
  metrics.disable();
});

async function postStats(role: string) {
  return app.inject({
    method: 'POST',
    url: '/api/ai-tools/stats',
    headers: { authorization: `Bearer ${tokens[role]}` },
  });
}

async function summary(): Promise<TurnStatsSummary> {
  await stats.settled();
  const response = await postStats('admin');
  expect(response.statusCode).toBe(200);
  return response.json() as TurnStatsSummary;
}

async function runTurn(
  script: readonly ScriptEntry[],
  hook: (callIndex: number) => Promise<void> = async () => undefined,
): Promise<{ response: ChatResponse; calls: ModelCallOptions[] }> {
  const scripted = createScriptedModel(script);
  current = withHookBeforeCall(scripted, hook);
  const response = await postChat(app, tokens.member!, {
    message: 'Work on the pages',
  });
  expect(response.statusCode).toBe(200);
  await stats.settled();
  return { response, calls: scripted.doStreamCalls };
}

async function setDeferredTools(on: boolean): Promise<void> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/ai-tools/settings/update',
    headers: { authorization: `Bearer ${tokens.admin}` },
    payload: { deferredTools: on },
  });
  expect(response.statusCode).toBe(200);
}

/** The estimate the module documents, of each tool definition a model call was sent. */
function sentTokens(call: ModelCallOptions): number {
  return (call.tools ?? [])
    .filter((tool) => tool.type === 'function')
    .map((tool) =>
      estimateTokens(
        JSON.stringify({
          type: 'function',
          function: {
            name: tool.name,
            description: tool.description,
            parameters: tool.inputSchema,
          },
        }),
      ),
    )
    .reduce((sum, count) => sum + count, 0);
}

function group(
  result: TurnStatsSummary,
  days: number,
  deferredTools: boolean,
): TurnStatsGroup | undefined {
  return result.windows
    .find((window) => window.days === days)
    ?.groups.find((entry) => entry.deferredTools === deferredTools);
}

function metricOf(name: string, collected: readonly MetricData[]): MetricData {
  const found = collected.find((metric) => metric.descriptor.name === name);
  if (found === undefined) throw new Error(`no metric ${name}`);
  return found;
}

/** Sum of a counter's points whose attributes include `where`. */
function counterSum(
  metric: MetricData,
  where: Record<string, unknown> = {},
): number {
  return metric.dataPoints
    .filter((point) =>
      Object.entries(where).every(
        ([key, value]) => point.attributes[key] === value,
      ),
    )
    .reduce((sum, point) => sum + (point.value as number), 0);
}

describe('chat turn figures, through POST /api/ai-tools/stats', () => {
  let onCalls: ModelCallOptions[] = [];
  let offCalls: ModelCallOptions[] = [];

  it('an empty workspace has no turns, and says so in both windows', async () => {
    const result = await summary();
    expect(result.windows.map((window) => [window.days, window.turns])).toEqual(
      [
        [7, 0],
        [30, 0],
      ],
    );
    expect(result.windows.every((window) => window.groups.length === 0)).toBe(
      true,
    );
  });

  it('a member is refused, naming the roles that may read', async () => {
    const response = await postStats('member');
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/owners and admins/);
  });

  it('a deferred turn: loadTools, an unknown name, a recovered call, one signal followed and one not', async () => {
    await setDeferredTools(true);
    const { response, calls } = await runTurn(
      [
        {
          toolCalls: [
            { toolName: 'loadTools', input: { names: ['noSuchTool'] } },
          ],
        },
        {
          toolCalls: [
            { toolName: 'loadTools', input: { names: ['listSidebarPages'] } },
          ],
        },
        // A direct call of a deferred tool that is not loaded: recovered (loaded, not run).
        {
          toolCalls: [
            { toolName: 'getPageHistory', input: { pageId: pages.roadmap } },
          ],
        },
        {
          toolCalls: [
            { toolName: 'getPage', input: { pageId: pages.roadmap } },
            { toolName: 'getPage', input: { pageId: pages.releaseNotes } },
          ],
        },
        // Its result carries one signal line per commented page.
        {
          toolCalls: [
            { toolName: 'getOutline', input: { pageId: pages.roadmap } },
          ],
        },
        // Follows the roadmap's signal; the release notes' is never followed.
        {
          toolCalls: [
            { toolName: 'listComments', input: { pageId: pages.roadmap } },
          ],
        },
        { text: 'Two people commented; I read the roadmap thread.' },
      ],
      async (callIndex) => {
        if (callIndex !== 4) return;
        for (const pageId of [pages.roadmap, pages.releaseNotes])
          await insertHumanComment(database.db, {
            pageId,
            creatorId: users.admin,
            text: 'A human comment',
          });
      },
    );
    expect(response.chunks.filter((chunk) => chunk.type === 'error')).toEqual(
      [],
    );
    expect(calls).toHaveLength(7);
    onCalls = calls;
  });

  it('an all-active turn that reaches the step limit', async () => {
    await setDeferredTools(false);
    const { calls } = await runTurn(
      Array.from({ length: 7 }, () => ({
        toolCalls: [{ toolName: 'getPage', input: { pageId: pages.pricing } }],
      })),
    );
    expect(calls).toHaveLength(8);
    expect(calls[7]!.toolChoice).toEqual({ type: 'none' });
    offCalls = calls;
    await setDeferredTools(true);
  });

  it('gives the exact figures of both turns, in both windows', async () => {
    const result = await summary();
    const allActivePerStep = sentTokens(offCalls[0]!);
    const onSent = onCalls.map(sentTokens).reduce((a, b) => a + b, 0);
    for (const days of [7, 30]) {
      expect(group(result, days, true)).toEqual({
        modelId: 'mock-model-id',
        deferredTools: true,
        turns: 1,
        steps: 7,
        toolTokensPerStep: {
          sent: Math.round(onSent / 7),
          allActive: allActivePerStep,
        },
        loadToolsTurnShare: 1,
        topLoadedTools: [
          { name: 'getPageHistory', turns: 1 },
          { name: 'listSidebarPages', turns: 1 },
        ],
        unknownNames: { turnShare: 1, total: 1 },
        recoveredCalls: { turnShare: 1, total: 1 },
        stepLimitTurns: 0,
        signals: { lines: 2, followed: 1, followedShare: 0.5 },
        unansweredShare: 0,
        unansweredWithoutLoadsShare: 0,
        providerTokens: { input: 70, output: 35 },
        // The scripted model reports its input without a cached part.
        inputTokensPerTurn: { turns: 0, fresh: null, cached: null },
      });
      expect(group(result, days, false)).toEqual({
        modelId: 'mock-model-id',
        deferredTools: false,
        turns: 1,
        steps: 8,
        toolTokensPerStep: {
          sent: allActivePerStep,
          allActive: allActivePerStep,
        },
        loadToolsTurnShare: 0,
        topLoadedTools: [],
        unknownNames: { turnShare: 0, total: 0 },
        recoveredCalls: { turnShare: 0, total: 0 },
        stepLimitTurns: 1,
        signals: { lines: 0, followed: 0, followedShare: null },
        unansweredShare: 0,
        unansweredWithoutLoadsShare: 0,
        providerTokens: { input: 80, output: 40 },
        // The scripted model reports its input without a cached part.
        inputTokensPerTurn: { turns: 0, fresh: null, cached: null },
      });
    }
    // Deferred turns sent less per step than all-active ones would have.
    expect(onSent / 7).toBeLessThan(allActivePerStep / 2);
    expect(result.windows[0]!.models).toEqual([
      {
        modelId: 'mock-model-id',
        deferredUnansweredWithoutLoadsShare: 0,
        allActiveUnansweredShare: 0,
        deferredToolsStruggle: false,
      },
    ]);
  });

  it('reports the same figures as OpenTelemetry metrics', async () => {
    const { resourceMetrics } = await reader.collect();
    const collected = resourceMetrics.scopeMetrics.flatMap(
      (scope) => scope.metrics,
    );
    const on = { 'docmost_ai_tools.deferred_tools': true };
    const off = { 'docmost_ai_tools.deferred_tools': false };
    const turns = metricOf(TURN_METRIC_NAMES.turns, collected);
    expect(
      counterSum(turns, { ...on, 'gen_ai.request.model': 'mock-model-id' }),
    ).toBe(1);
    expect(counterSum(turns, off)).toBe(1);
    expect(
      counterSum(metricOf(TURN_METRIC_NAMES.loadToolsCalls, collected), on),
    ).toBe(2);
    expect(
      counterSum(metricOf(TURN_METRIC_NAMES.unknownNames, collected), on),
    ).toBe(1);
    expect(
      counterSum(metricOf(TURN_METRIC_NAMES.recoveredCalls, collected), on),
    ).toBe(1);
    expect(
      counterSum(metricOf(TURN_METRIC_NAMES.toolsLoaded, collected), {
        'docmost_ai_tools.tool': 'listSidebarPages',
      }),
    ).toBe(1);
    expect(
      counterSum(metricOf(TURN_METRIC_NAMES.stepLimitTurns, collected), off),
    ).toBe(1);
    const signals = metricOf(TURN_METRIC_NAMES.signals, collected);
    expect(
      counterSum(signals, { 'docmost_ai_tools.signal.followed': true }),
    ).toBe(1);
    expect(
      counterSum(signals, { 'docmost_ai_tools.signal.followed': false }),
    ).toBe(1);
    const providerTokens = metricOf(
      TURN_METRIC_NAMES.providerTokens,
      collected,
    );
    expect(counterSum(providerTokens, { 'gen_ai.token.type': 'input' })).toBe(
      150,
    );
    const steps = metricOf(TURN_METRIC_NAMES.steps, collected);
    expect(
      steps.dataPoints
        .map((point) => (point.value as { sum: number }).sum)
        .sort(),
    ).toEqual([7, 8]);
  });

  it('a failing write leaves the turn and its answer as they were', async () => {
    const before = await sql<{
      count: string;
    }>`select count(*) as count from ai_tools_turn_stats`.execute(database.db);
    await sql`alter table ai_tools_turn_stats rename to ai_tools_turn_stats_away`.execute(
      database.db,
    );
    try {
      const { response } = await runTurn([
        {
          toolCalls: [
            { toolName: 'getPage', input: { pageId: pages.pricing } },
          ],
        },
        { text: 'The pricing page has a table.' },
      ]);
      const text = response.chunks
        .filter((chunk) => chunk.type === 'text-delta')
        .map((chunk) => chunk.delta)
        .join('');
      expect(text).toBe('The pricing page has a table.');
      expect(response.chunks.at(-1)?.type).toBe('finish');
      const stored = await database.db
        .selectFrom('aiChatMessages')
        .select(['status'])
        .where('chatId', '=', response.headers['x-chat-id'] as string)
        .where('role', '=', 'assistant')
        .executeTakeFirstOrThrow();
      expect(stored.status).toBe('completed');
    } finally {
      await sql`alter table ai_tools_turn_stats_away rename to ai_tools_turn_stats`.execute(
        database.db,
      );
    }
    const after = await sql<{
      count: string;
    }>`select count(*) as count from ai_tools_turn_stats`.execute(database.db);
    expect(after.rows[0]!.count).toBe(before.rows[0]!.count);
  });

  it('no text of pages, comments or tool inputs ever reaches a row (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, maxLength: 30 }),
        async (text) => {
          const hostile = `HOSTILE-${Math.random().toString(36).slice(2)}-${text}`;
          await database.db
            .updateTable('pages')
            .set({ title: hostile })
            .where('id', '=', pages.onboarding)
            .execute();
          const { response } = await runTurn(
            [
              {
                toolCalls: [
                  { toolName: 'getPage', input: { pageId: pages.onboarding } },
                ],
              },
              // Carries the signal of the human comment made before this step.
              {
                toolCalls: [
                  {
                    toolName: 'getOutline',
                    input: { pageId: pages.onboarding },
                  },
                ],
              },
              {
                toolCalls: [
                  { toolName: 'searchPages', input: { query: hostile } },
                  { toolName: 'loadTools', input: { names: [hostile] } },
                ],
              },
              {
                toolCalls: [
                  {
                    toolName: 'createComment',
                    input: { pageId: pages.onboarding, content: hostile },
                  },
                ],
              },
              { text: hostile },
            ],
            async (callIndex) => {
              if (callIndex === 1)
                await insertHumanComment(database.db, {
                  pageId: pages.onboarding,
                  creatorId: users.admin,
                  text: hostile,
                });
            },
          );
          const chatId = response.headers['x-chat-id'] as string;
          const { rows } = await sql<{ row: string }>`
          select to_jsonb(s)::text as row from ai_tools_turn_stats s where chat_id = ${chatId}::uuid`.execute(
            database.db,
          );
          expect(rows).toHaveLength(1);
          const row = rows[0]!.row;
          expect(row).not.toContain('HOSTILE-');
          expect(row).not.toContain(JSON.stringify(hostile).slice(1, -1));
          expect(JSON.parse(row)).toMatchObject({
            unknown_names: 1,
            signal_lines: 1,
          });
        },
      ),
      { numRuns: 8 },
    );
  });

  it('keeps rows 90 days (older ones are pruned) and deletes them with their chat', async () => {
    await runTurn([{ text: 'An old turn.' }]);
    const { response } = await runTurn([{ text: 'Nothing to do.' }]);
    const chatId = response.headers['x-chat-id'] as string;
    const rowsOf = async (where: 'chat' | 'old') => {
      const condition =
        where === 'chat'
          ? sql`chat_id = ${chatId}::uuid`
          : sql`ended_at < now() - interval '90 days'`;
      const { rows } = await sql<{ count: string }>`
        select count(*) as count from ai_tools_turn_stats where ${condition}`.execute(
        database.db,
      );
      return Number(rows[0]!.count);
    };
    expect(await rowsOf('chat')).toBe(1);
    await sql`update ai_tools_turn_stats set ended_at = now() - interval '91 days' where chat_id <> ${chatId}::uuid`.execute(
      database.db,
    );
    const old = await rowsOf('old');
    expect(old).toBeGreaterThan(0);
    expect(await stats.prune()).toBe(old);
    expect(await rowsOf('old')).toBe(0);
    expect(await rowsOf('chat')).toBe(1);
    await database.db
      .deleteFrom('aiChatMessages')
      .where('chatId', '=', chatId)
      .execute();
    await database.db.deleteFrom('aiChats').where('id', '=', chatId).execute();
    expect(await rowsOf('chat')).toBe(0);
  });

  it('adds each write to the day it falls on: loaded tools of separate writes are summed', async () => {
    const load = {
      toolCalls: [{ toolName: 'loadTools', input: { names: ['getTable'] } }],
    };
    await runTurn([load]);
    await runTurn([load]);
    const result = await summary();
    expect(group(result, 7, true)?.topLoadedTools).toContainEqual({
      name: 'getTable',
      turns: 2,
    });
  });

  it('a write that keeps failing is logged once, and once more when writes work again', async () => {
    const lines: string[] = [];
    const writer = new TurnStatsWriter(database.db, {
      retentionDays: 90,
      pruneBatchSize: 1000,
      pruneIntervalMs: 3_600_000,
      log: (line) => lines.push(line),
    });
    const row = {
      workspaceId: SEED_IDS.workspace,
      chatId: null,
      endedAt: new Date(),
      modelId: 'writer-test',
      deferredTools: true,
      status: 'completed' as const,
      answered: true,
      steps: 1,
      toolTokensSent: 1,
      toolTokensAllActive: 2,
      loadToolsCalls: 0,
      loadedTools: [],
      unknownNames: 0,
      recoveredCalls: 0,
      reachedStepLimit: false,
      inputTokens: null,
      cachedInputTokens: null,
      outputTokens: null,
      signalLines: 0,
      signalsFollowed: 0,
    };
    await sql`alter table ai_tools_turn_stats rename to ai_tools_turn_stats_away`.execute(
      database.db,
    );
    try {
      for (let turn = 0; turn < 3; turn += 1) {
        writer.record(row);
        await writer.settled();
      }
    } finally {
      await sql`alter table ai_tools_turn_stats_away rename to ai_tools_turn_stats`.execute(
        database.db,
      );
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^turn statistics could not be written \(1 row dropped; logged once until writes work again\): .*ai_tools_turn_stats/,
    );
    writer.record(row);
    await writer.settled();
    expect(lines).toEqual([lines[0], 'turn statistics are written again']);
  });

  it('points out a model whose deferred turns that load nothing end unanswered more often than its all-tool turns', async () => {
    await sql`insert into ai_tools_turn_stats_daily (workspace_id, day, model_id, deferred_tools, turns, unanswered, unanswered_without_loads)
      values (${SEED_IDS.workspace}::uuid, (now() at time zone 'UTC')::date, 'struggler', true, 4, 2, 2),
             (${SEED_IDS.workspace}::uuid, (now() at time zone 'UTC')::date, 'struggler', false, 4, 1, 1),
             (${SEED_IDS.workspace}::uuid, (now() at time zone 'UTC')::date, 'steady', true, 4, 1, 0),
             (${SEED_IDS.workspace}::uuid, (now() at time zone 'UTC')::date, 'steady', false, 4, 1, 1)`.execute(
      database.db,
    );
    const cues = (await summary()).windows[0]!.models.filter((model) =>
      ['struggler', 'steady'].includes(model.modelId),
    );
    expect(cues).toEqual([
      {
        modelId: 'steady',
        deferredUnansweredWithoutLoadsShare: 0,
        allActiveUnansweredShare: 0.25,
        deferredToolsStruggle: false,
      },
      {
        modelId: 'struggler',
        deferredUnansweredWithoutLoadsShare: 0.5,
        allActiveUnansweredShare: 0.25,
        deferredToolsStruggle: true,
      },
    ]);
  });
});
