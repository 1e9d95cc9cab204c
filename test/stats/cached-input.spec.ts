import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import {
  AggregationTemporality,
  MeterProvider,
  MetricReader,
} from '@opentelemetry/sdk-metrics';
import type { Kysely } from 'kysely';
import { AppModule } from '../../host/app.module';
import * as turnStatsCachedInput from '../../migrations/module/20261207T020000-turn-stats-cached-input';
import { loadAppConfig } from '../../host/config/app-config';
import { seedDemoWorkspace } from '../../host/seed/seed-demo-workspace';
import { SEED_IDS } from '../../host/seed/seed-ids';
import {
  TURN_METRIC_NAMES,
  TURN_STATS_OPTIONS,
  TurnStatsService,
  type TurnStatsOptions,
  type TurnStatsSummary,
} from '../../src';
import { postChat } from '../chat/support/chat-test-host';
import {
  OpenAiStubServer,
  type StubAnswer,
} from '../chat/support/openai-stub-server';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';

/**
 * The provider's cached input, from the model's endpoint to the admin's figures: the reference
 * host's chat route with its real model path (`@ai-sdk/openai-compatible`) against a loopback
 * OpenAI-compatible endpoint that reports `usage.prompt_tokens_details.cached_tokens` when the
 * request asks for usage, as OpenAI does. The module is mounted as the README mounts it in
 * Docmost: the figures compare with the host's own tool set.
 */
class TestMetricReader extends MetricReader {
  constructor() {
    super({
      aggregationTemporalitySelector: () => AggregationTemporality.CUMULATIVE,
    });
  }
  protected async onForceFlush(): Promise<void> {}
  protected async onShutdown(): Promise<void> {}
}

const HOST_TOOL_SET = { name: "Docmost's own tools", tokens: 5946 };

let database: TestDatabase;
let stub: OpenAiStubServer;
let app: NestFastifyApplication;
let stats: TurnStatsService;
let tokens: Record<string, string>;
const reader = new TestMetricReader();

beforeAll(async () => {
  stub = await OpenAiStubServer.start();
  database = await createTestDatabase();
  const seed = await seedDemoWorkspace(database.db);
  tokens = Object.fromEntries(
    seed.users.map((user) => [user.role, user.token]),
  );
  const statsOptions: TurnStatsOptions = {
    hostToolSet: HOST_TOOL_SET,
    meterProvider: new MeterProvider({ readers: [reader] }),
  };
  const moduleRef = await Test.createTestingModule({
    imports: [
      AppModule.forRoot({
        db: database.db,
        config: loadAppConfig({
          AI_BASE_URL: stub.baseUrl,
          AI_API_KEY: 'stub-key',
          AI_MODEL: 'stub-model',
        }),
      }),
    ],
  })
    .overrideProvider(TURN_STATS_OPTIONS)
    .useValue(statsOptions)
    .compile();
  app = moduleRef.createNestApplication<NestFastifyApplication>(
    new FastifyAdapter(),
    { logger: false },
  );
  app.setGlobalPrefix('api', { exclude: ['mcp'] });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  stats = app.get(TurnStatsService);
});

afterAll(async () => {
  await app?.close();
  await database?.drop();
  await stub?.close();
});

async function chatTurn(script: StubAnswer[]): Promise<void> {
  stub.reset(script);
  const response = await postChat(app, tokens.member!, {
    message: 'What does the pricing page say?',
  });
  expect(response.statusCode).toBe(200);
  expect(response.chunks.filter((chunk) => chunk.type === 'error')).toEqual([]);
  await stats.settled();
}

async function summary(): Promise<TurnStatsSummary> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/ai-tools/stats',
    headers: { authorization: `Bearer ${tokens.admin}` },
  });
  expect(response.statusCode).toBe(200);
  return response.json() as TurnStatsSummary;
}

const readPricing: StubAnswer = {
  toolCalls: [
    { name: 'getPage', arguments: { pageId: SEED_IDS.pages.pricing } },
  ],
};

it('asks the endpoint for usage, and shows the turn fresh and cached input as the provider reported them', async () => {
  // Step 1 is a first request (nothing cached yet); step 2 repeats its prefix, which the
  // provider served from its cache: 6,400 input tokens, 2,944 of them cached, 3,456 fresh.
  await chatTurn([
    {
      ...readPricing,
      usage: { promptTokens: 3000, cachedTokens: 0, completionTokens: 20 },
    },
    {
      text: 'The pricing page has a table of three plans.',
      usage: { promptTokens: 3400, cachedTokens: 2944, completionTokens: 40 },
    },
  ]);
  expect(stub.requests.map((request) => request.body.stream_options)).toEqual([
    { include_usage: true },
    { include_usage: true },
  ]);

  const result = await summary();
  expect(result.comparison).toEqual({
    against: 'hostToolSet',
    name: "Docmost's own tools",
    tokensPerRequest: 5946,
  });
  for (const window of result.windows) {
    expect(window.groups).toHaveLength(1);
    expect(window.groups[0]).toMatchObject({
      modelId: 'stub-model',
      turns: 1,
      providerTokens: { input: 6400, output: 60 },
      inputTokensPerTurn: { turns: 1, fresh: 3456, cached: 2944 },
    });
  }
});

it('an endpoint that reports usage without a cached part: its input counts as fresh', async () => {
  // @ai-sdk/openai-compatible reads a missing prompt_tokens_details as 0 cached tokens.
  await chatTurn([
    {
      text: 'Nothing to do.',
      usage: { promptTokens: 500, completionTokens: 8 },
    },
  ]);
  const group = (await summary()).windows[0]!.groups[0]!;
  expect(group.turns).toBe(2);
  expect(group.inputTokensPerTurn).toEqual({
    turns: 2,
    fresh: Math.round((3456 + 500) / 2),
    cached: Math.round(2944 / 2),
  });
});

it('a turn without usage is left out of the figures per turn', async () => {
  await chatTurn([{ text: 'No usage reported.' }]);
  const group = (await summary()).windows[0]!.groups[0]!;
  expect(group.turns).toBe(3);
  expect(group.providerTokens).toEqual({ input: 6900, output: 68 });
  expect(group.inputTokensPerTurn).toEqual({
    turns: 2,
    fresh: 1978,
    cached: 1472,
  });
});

it('reports the cached input as an OpenTelemetry counter beside the input', async () => {
  const { resourceMetrics } = await reader.collect();
  const collected = resourceMetrics.scopeMetrics.flatMap(
    (scope) => scope.metrics,
  );
  const sum = (name: string, type?: string) =>
    collected
      .find((metric) => metric.descriptor.name === name)!
      .dataPoints.filter(
        (point) =>
          type === undefined || point.attributes['gen_ai.token.type'] === type,
      )
      .reduce((total, point) => total + (point.value as number), 0);
  expect(sum(TURN_METRIC_NAMES.providerTokens, 'input')).toBe(6900);
  expect(sum(TURN_METRIC_NAMES.cachedInputTokens)).toBe(2944);
});

it('the migration that added the cached input runs again without harm, and the figures stay', async () => {
  const before = await summary();
  await turnStatsCachedInput.up(database.db as Kysely<any>);
  expect(await summary()).toEqual(before);
});
