import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { simulateReadableStream } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { FINAL_STEP_INSTRUCTION } from '../../host/chat';
import {
  seedDemoWorkspace,
  type SeedResult,
} from '../../host/seed/seed-demo-workspace';
import { SEED_IDS } from '../../host/seed/seed-ids';
import {
  CORE_TOOL_NAMES,
  TOOL_DEFINITIONS,
} from '../../src/tools/tool-definitions';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';
import {
  createChatTestHost,
  createEchoRegistry,
  postChat,
  switchableModelFactory,
  type EchoCall,
} from './support/chat-test-host';
import {
  createScriptedModel,
  sentSystem,
  sentToolNames,
  sentToolResults,
} from './support/scripted-model';

const MAX_STEPS = 5;

describe('POST /api/ai/chat', () => {
  let database: TestDatabase;
  let app: NestFastifyApplication;
  let seed: SeedResult;
  const calls: EchoCall[] = [];
  const models = switchableModelFactory();
  const token = (role: 'owner' | 'admin' | 'member') =>
    seed.users.find((user) => user.role === role)!.token;
  const userId = (role: 'owner' | 'admin' | 'member') =>
    seed.users.find((user) => user.role === role)!.id;

  beforeAll(async () => {
    database = await createTestDatabase();
    seed = await seedDemoWorkspace(database.db);
    app = await createChatTestHost({
      db: database.db,
      registry: createEchoRegistry(calls),
      modelFactory: models.factory,
      ai: { maxSteps: MAX_STEPS },
    });
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  beforeEach(() => {
    calls.length = 0;
  });

  async function storedMessages(chatId: string) {
    return database.db
      .selectFrom('aiChatMessages')
      .select(['role', 'userId', 'content', 'toolCalls', 'metadata', 'status'])
      .where('chatId', '=', chatId)
      .orderBy('createdAt')
      .orderBy('id')
      .execute();
  }

  it('streams one turn as a UI message stream and stores the user message before the model runs', async () => {
    let storedWhenModelRan = -1;
    models.use(
      new MockLanguageModelV3({
        doStream: async () => {
          const row = await database.db
            .selectFrom('aiChatMessages')
            .select((eb) => eb.fn.countAll<string>().as('count'))
            .executeTakeFirstOrThrow();
          storedWhenModelRan = Number(row.count);
          return {
            stream: simulateReadableStream({
              chunks: [
                { type: 'stream-start', warnings: [] },
                { type: 'text-start', id: 't' },
                { type: 'text-delta', id: 't', delta: 'Hello, Jordan.' },
                { type: 'text-end', id: 't' },
                {
                  type: 'finish',
                  finishReason: { unified: 'stop', raw: undefined },
                  usage: {
                    inputTokens: {
                      total: 1,
                      noCache: 1,
                      cacheRead: undefined,
                      cacheWrite: undefined,
                    },
                    outputTokens: { total: 1, text: 1, reasoning: undefined },
                  },
                },
              ],
            }),
          };
        },
      }),
    );
    const before = await database.db
      .selectFrom('aiChatMessages')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    const response = await postChat(app, token('member'), {
      message: 'Hi there',
    });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    const chatId = response.headers['x-chat-id'] as string;
    expect(response.chunks[0]).toMatchObject({
      type: 'start',
      messageMetadata: { chatId },
    });
    expect(
      response.chunks
        .filter((chunk) => chunk.type === 'text-delta')
        .map((chunk) => chunk.delta),
    ).toEqual(['Hello, Jordan.']);
    expect(response.chunks.at(-1)).toMatchObject({ type: 'finish' });
    expect(storedWhenModelRan).toBe(Number(before.count) + 1);

    const chat = await database.db
      .selectFrom('aiChats')
      .selectAll()
      .where('id', '=', chatId)
      .executeTakeFirstOrThrow();
    expect(chat).toMatchObject({
      creatorId: userId('member'),
      workspaceId: seed.workspaceId,
      title: 'Hi there',
      pageId: null,
    });
    const messages = await storedMessages(chatId);
    // Docmost's shape: the author on user rows only, the plain text in content, the UI parts in metadata.
    expect(messages).toEqual([
      {
        role: 'user',
        userId: userId('member'),
        content: 'Hi there',
        toolCalls: null,
        metadata: { parts: [{ type: 'text', text: 'Hi there' }] },
        status: 'completed',
      },
      {
        role: 'assistant',
        userId: null,
        content: 'Hello, Jordan.',
        toolCalls: null,
        metadata: {
          parts: expect.arrayContaining([
            expect.objectContaining({ type: 'text', text: 'Hello, Jordan.' }),
          ]),
        },
        status: 'completed',
      },
    ]);
  });

  it('continues a chat: earlier messages, tool calls included, reach the model', async () => {
    models.use(
      createScriptedModel([
        {
          toolCalls: [
            { toolName: 'listSpaces', input: {}, toolCallId: 'spaces-1' },
          ],
        },
        { text: 'You have one space.' },
      ]),
    );
    const first = await postChat(app, token('member'), {
      message: 'Which spaces do I have?',
    });
    const chatId = first.headers['x-chat-id'] as string;

    const model = createScriptedModel([{ text: 'Product.' }]);
    models.use(model);
    const second = await postChat(app, token('member'), {
      message: 'Name it again',
      chatId,
    });
    expect(second.statusCode).toBe(200);
    expect(second.headers['x-chat-id']).toBe(chatId);

    const prompt = model.doStreamCalls[0]!.prompt;
    expect(prompt.map((message) => message.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
      'assistant',
      'user',
    ]);
    expect(
      sentToolResults(model.doStreamCalls[0]!).get('spaces-1')?.toolName,
    ).toBe('listSpaces');
    expect(
      (await storedMessages(chatId)).map((message) => message.role),
    ).toEqual(['user', 'assistant', 'user', 'assistant']);
  });

  it("answers 404 for another user's chat and stores nothing", async () => {
    models.use(createScriptedModel([{ text: 'Admin only.' }]));
    const adminChat = await postChat(app, token('admin'), {
      message: 'Private question',
    });
    const chatId = adminChat.headers['x-chat-id'] as string;

    const response = await postChat(app, token('member'), {
      message: 'Let me in',
      chatId,
    });
    expect(response.statusCode).toBe(404);
    expect(JSON.parse(response.body).message).toBe(`chat ${chatId} not found`);
    expect(
      (await storedMessages(chatId)).map((message) => message.role),
    ).toEqual(['user', 'assistant']);
  });

  it.each([
    [{}, 'message: expected a non-empty string, got nothing'],
    [
      { message: '   ' },
      'message: expected a non-empty string, got an empty one',
    ],
    [{ message: 42 }, 'message: expected a non-empty string, got number 42'],
    [
      { message: 'Hi', chatId: 'chat-1' },
      'chatId: expected the uuid of one of your chats',
    ],
    [
      { message: 'Hi', pageId: 7 },
      'pageId: expected a page id (uuid or slugId), got number 7',
    ],
    [
      { message: 'Hi', stream: true },
      'request body: unknown field(s) "stream"; expected { "message": string, "chatId"?: uuid, "pageId"?: page id }',
    ],
  ])('answers 400 naming the field for %j', async (body, message) => {
    const response = await postChat(app, token('member'), body);
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body).message).toBe(message);
  });

  it('tells the model which page is open and binds tools to it', async () => {
    const model = createScriptedModel([
      { toolCalls: [{ toolName: 'getCurrentPage', input: {} }] },
      { text: 'Read it.' },
    ]);
    models.use(model);
    const pageId = SEED_IDS.pages.releaseNotes;
    const first = await postChat(app, token('member'), {
      message: 'Proofread this page',
      pageId,
    });
    expect(first.statusCode).toBe(200);
    expect(sentSystem(model.doStreamCalls[0]!)).toContain(
      `Current page: "Release Notes 2.4 （draft）" (pageId ${pageId})`,
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]!.context).toMatchObject({
      userId: userId('member'),
      workspaceId: seed.workspaceId,
      surface: 'chat',
      chatId: first.headers['x-chat-id'],
      currentPageId: pageId,
    });

    models.use(
      createScriptedModel([
        { toolCalls: [{ toolName: 'listSpaces', input: {} }] },
      ]),
    );
    await postChat(app, token('member'), { message: 'Again' });
    expect(calls[1]!.context.sessionId).not.toBe(calls[0]!.context.sessionId);
  });

  it.each([
    [
      'in a space the user does not belong to',
      SEED_IDS.pages.leadershipOverview,
    ],
    ['restricted to its owner', SEED_IDS.pages.compensationReview],
    ['below a page restricted to its owner', SEED_IDS.pages.salaryBands],
  ])(
    'answers 404 for a page the user cannot see (%s), without creating a chat',
    async (_case, pageId) => {
      const chatsBefore = await database.db
        .selectFrom('aiChats')
        .select('id')
        .execute();
      const response = await postChat(app, token('member'), {
        message: 'Read this',
        pageId,
      });
      expect(response.statusCode).toBe(404);
      expect(JSON.parse(response.body).message).toBe(
        `page ${pageId} not found or no access`,
      );
      expect(
        await database.db.selectFrom('aiChats').select('id').execute(),
      ).toHaveLength(chatsBefore.length);
    },
  );

  it('sends the core tools and loadTools first, and a tool loaded by loadTools on the next step', async () => {
    const model = createScriptedModel([
      {
        toolCalls: [
          { toolName: 'loadTools', input: { names: ['exportPageMarkdown'] } },
        ],
      },
      {
        toolCalls: [
          {
            toolName: 'exportPageMarkdown',
            input: { pageId: SEED_IDS.pages.releaseNotes },
          },
        ],
      },
    ]);
    models.use(model);
    await postChat(app, token('member'), {
      message: 'Export the release notes',
    });
    const boundCore = [...CORE_TOOL_NAMES];
    expect(sentToolNames(model.doStreamCalls[0]!)).toEqual([
      ...boundCore,
      'loadTools',
    ]);
    expect(sentToolNames(model.doStreamCalls[1]!)).toEqual([
      ...boundCore,
      'loadTools',
      'exportPageMarkdown',
    ]);
    expect(calls.map((call) => call.name)).toEqual(['exportPageMarkdown']);
  });

  it('locks the final step down even after an activation: no tool choice, synthesis instruction', async () => {
    const model = createScriptedModel([
      {
        toolCalls: [
          { toolName: 'loadTools', input: { names: ['exportPageMarkdown'] } },
        ],
      },
      {
        toolCalls: [
          {
            toolName: 'exportPageMarkdown',
            input: { pageId: SEED_IDS.pages.roadmap },
          },
        ],
      },
      {
        toolCalls: [
          {
            toolName: 'exportPageMarkdown',
            input: { pageId: SEED_IDS.pages.pricing },
          },
        ],
      },
      {
        toolCalls: [
          { toolName: 'loadTools', input: { names: ['transformPage'] } },
        ],
      },
      { text: 'Summary.' },
    ]);
    models.use(model);
    await postChat(app, token('member'), { message: 'Rewrite the roadmap' });
    expect(model.doStreamCalls).toHaveLength(MAX_STEPS);
    const last = model.doStreamCalls[MAX_STEPS - 1]!;
    expect(last.toolChoice).toEqual({ type: 'none' });
    expect(sentToolNames(last).slice(-2)).toEqual([
      'exportPageMarkdown',
      'transformPage',
    ]);
    expect(sentSystem(last).endsWith(FINAL_STEP_INSTRUCTION)).toBe(true);
    expect(model.doStreamCalls[0]!.toolChoice).toEqual({ type: 'auto' });
  });

  it('repairs a direct call of an unloaded deferred tool: the model is told to call it again', async () => {
    const model = createScriptedModel([
      {
        toolCalls: [
          {
            toolName: 'exportPageMarkdown',
            input: { pageId: SEED_IDS.pages.roadmap },
            toolCallId: 'direct',
          },
        ],
      },
      {
        toolCalls: [
          {
            toolName: 'exportPageMarkdown',
            input: { pageId: SEED_IDS.pages.roadmap },
          },
        ],
      },
    ]);
    models.use(model);
    const response = await postChat(app, token('member'), {
      message: 'Export the roadmap please',
    });
    const result = sentToolResults(model.doStreamCalls[1]!).get('direct');
    expect(result?.toolName).toBe('loadTools');
    expect(JSON.stringify(result?.output)).toContain(
      'exportPageMarkdown is now loaded: call exportPageMarkdown again on your next step',
    );
    expect(sentToolNames(model.doStreamCalls[1]!).at(-1)).toBe(
      'exportPageMarkdown',
    );
    expect(calls.map((call) => call.name)).toEqual(['exportPageMarkdown']);
    expect(
      response.chunks.some(
        (chunk) =>
          chunk.type === 'tool-output-error' ||
          chunk.type === 'tool-input-error',
      ),
    ).toBe(false);
  });

  it('toggle OFF: every bound tool is sent in canonical order, with no loadTools and no catalog', async () => {
    await database.db
      .updateTable('workspaces')
      .set({ settings: { ai: { deferredTools: false } } })
      .where('id', '=', seed.workspaceId)
      .execute();
    try {
      const model = createScriptedModel([
        {
          toolCalls: [
            {
              toolName: 'exportPageMarkdown',
              input: { pageId: SEED_IDS.pages.roadmap },
            },
          ],
        },
      ]);
      models.use(model);
      await postChat(app, token('member'), { message: 'Export the roadmap' });
      expect(sentToolNames(model.doStreamCalls[0]!)).toEqual(
        TOOL_DEFINITIONS.map((spec) => spec.name),
      );
      expect(sentSystem(model.doStreamCalls[0]!)).not.toContain(
        '<tool_catalog',
      );
      expect(calls.map((call) => call.name)).toEqual(['exportPageMarkdown']);
    } finally {
      await database.db
        .updateTable('workspaces')
        .set({ settings: {} })
        .where('id', '=', seed.workspaceId)
        .execute();
    }
  });

  it('toggle ON lists exactly the bound deferred tools in the catalog', async () => {
    const model = createScriptedModel([{ text: 'Hi.' }]);
    models.use(model);
    await postChat(app, token('member'), { message: 'Hi' });
    const system = sentSystem(model.doStreamCalls[0]!);
    const catalog = system.slice(
      system.indexOf('<tool_catalog'),
      system.indexOf('</tool_catalog>'),
    );
    const listed = catalog
      .split('\n')
      .filter((line) => line.startsWith('- '))
      .map((line) => line.slice(2, line.indexOf(' — ')));
    expect(listed).toEqual(
      TOOL_DEFINITIONS.filter((spec) => spec.tier === 'deferred').map(
        (spec) => spec.name,
      ),
    );
  });

  it('keeps concurrent turns of different users and chats apart', async () => {
    const scripts: Record<string, string> = {
      'owner turn': 'exportPageMarkdown',
      'member turn': 'transformPage',
    };
    const sent: Record<string, string[][]> = {
      'owner turn': [],
      'member turn': [],
    };
    let arrived = 0;
    let releaseBoth: () => void = () => undefined;
    const bothAtSecondStep = new Promise<void>(
      (resolve) => (releaseBoth = resolve),
    );
    models.use(
      new MockLanguageModelV3({
        doStream: async (options) => {
          const firstUser = options.prompt.find(
            (message) => message.role === 'user',
          );
          const text =
            firstUser?.role === 'user' && firstUser.content[0]?.type === 'text'
              ? firstUser.content[0].text
              : '';
          const steps = sent[text]!;
          steps.push(sentToolNames(options));
          if (steps.length === 2) {
            // Both turns are mid-loop at once before either goes on.
            if (++arrived === 2) releaseBoth();
            await bothAtSecondStep;
          }
          const step =
            steps.length === 1
              ? {
                  toolCalls: [
                    {
                      toolName: 'loadTools',
                      input: { names: [scripts[text]] },
                    },
                  ],
                }
              : { text: 'ok' };
          return createScriptedModel([step]).doStream(options);
        },
      }),
    );
    const [owner, member] = await Promise.all([
      postChat(app, token('owner'), { message: 'owner turn' }),
      postChat(app, token('member'), { message: 'member turn' }),
    ]);
    expect(owner.statusCode).toBe(200);
    expect(member.statusCode).toBe(200);
    expect(sent['owner turn']![1]!.at(-1)).toBe('exportPageMarkdown');
    expect(sent['member turn']![1]!.at(-1)).toBe('transformPage');
    expect(sent['owner turn']![1]).not.toContain('transformPage');
    expect(sent['member turn']![1]).not.toContain('exportPageMarkdown');
    expect(owner.headers['x-chat-id']).not.toBe(member.headers['x-chat-id']);
  });

  it('answers 503 naming AI_BASE_URL when only AI_MODEL is configured', async () => {
    const unconfigured = await createChatTestHost({
      db: database.db,
      registry: createEchoRegistry(),
      ai: { model: 'some-model' },
    });
    try {
      const response = await postChat(unconfigured, token('member'), {
        message: 'Hi',
      });
      expect(response.statusCode).toBe(503);
      expect(JSON.parse(response.body).message).toMatch(
        /^The AI chat is not configured: set AI_BASE_URL \(/,
      );
    } finally {
      await unconfigured.close();
    }
  });
});
