import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MockLanguageModelV3 } from 'ai/test';
import { sql } from 'kysely';
import { ChatService } from '../../host/chat/chat.service';
import {
  seedDemoWorkspace,
  type SeedResult,
} from '../../host/seed/seed-demo-workspace';
import { CORE_TOOL_NAMES } from '../../src/tools/tool-definitions';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';
import {
  createChatTestHost,
  createEchoRegistry,
  postChat,
  switchableModelFactory,
  type ChatResponse,
} from './support/chat-test-host';
import {
  createScriptedModel,
  sentToolNames,
  type ModelCallOptions,
} from './support/scripted-model';

const CORE_AND_LOAD = [...CORE_TOOL_NAMES, 'loadTools'];

describe('chat memory: deferred tools carried from turn to turn', () => {
  let database: TestDatabase;
  let seed: SeedResult;
  let app: NestFastifyApplication;
  const models = switchableModelFactory();
  const token = () => seed.users.find((user) => user.role === 'member')!.token;

  function host(): Promise<NestFastifyApplication> {
    return createChatTestHost({
      db: database.db,
      registry: createEchoRegistry(),
      modelFactory: models.factory,
      ai: { maxSteps: 6 },
    });
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    seed = await seedDemoWorkspace(database.db);
    app = await host();
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  /** As text cast in SQL, so both drivers store the same jsonb object. */
  async function setSettings(settings: object): Promise<void> {
    await sql`update workspaces set settings = ${JSON.stringify(settings)}::text::jsonb where id = ${seed.workspaceId}::uuid`.execute(
      database.db,
    );
  }

  /** Exactly what the provider receives as its tools array. */
  const toolsBytes = (call: ModelCallOptions) => JSON.stringify(call.tools);

  async function turn(
    target: NestFastifyApplication,
    message: string,
    chatId?: string,
    loads: readonly string[] = [],
  ): Promise<{ response: ChatResponse; model: MockLanguageModelV3 }> {
    const model = createScriptedModel([
      ...(loads.length > 0
        ? [{ toolCalls: [{ toolName: 'loadTools', input: { names: loads } }] }]
        : []),
      { text: 'ok' },
    ]);
    models.use(model);
    const response = await postChat(target, token(), {
      message,
      ...(chatId === undefined ? {} : { chatId }),
    });
    expect(response.statusCode).toBe(200);
    return { response, model };
  }

  it("turn 2's first request carries the same tools bytes as turn 1's last; a new chat starts cold", async () => {
    const first = await turn(app, 'Edit the pricing table', undefined, [
      'getTable',
      'tableUpdateCell',
    ]);
    const chatId = first.response.headers['x-chat-id'] as string;
    const lastOfTurn1 = first.model.doStreamCalls.at(-1)!;
    expect(sentToolNames(lastOfTurn1)).toEqual([
      ...CORE_AND_LOAD,
      'getTable',
      'tableUpdateCell',
    ]);

    const second = await turn(app, 'Now the second row', chatId);
    expect(toolsBytes(second.model.doStreamCalls[0]!)).toBe(
      toolsBytes(lastOfTurn1),
    );

    const other = await turn(app, 'A new chat');
    expect(sentToolNames(other.model.doStreamCalls[0]!)).toEqual(CORE_AND_LOAD);
  });

  it('a tool loaded in a later turn is appended after the carried ones', async () => {
    const first = await turn(app, 'Read the table', undefined, ['getTable']);
    const chatId = first.response.headers['x-chat-id'] as string;
    const second = await turn(app, 'Delete a row', chatId, ['tableDeleteRow']);
    expect(sentToolNames(second.model.doStreamCalls.at(-1)!)).toEqual([
      ...CORE_AND_LOAD,
      'getTable',
      'tableDeleteRow',
    ]);
    const third = await turn(app, 'And again', chatId);
    expect(sentToolNames(third.model.doStreamCalls[0]!)).toEqual([
      ...CORE_AND_LOAD,
      'getTable',
      'tableDeleteRow',
    ]);
  });

  it('two concurrent turns of one chat keep both activations', async () => {
    const start = await turn(app, 'Start');
    const chatId = start.response.headers['x-chat-id'] as string;
    const loads: Record<string, string> = {
      'turn A': 'getTable',
      'turn B': 'tableInsertRow',
    };
    const steps: Record<string, number> = { 'turn A': 0, 'turn B': 0 };
    let arrived = 0;
    let releaseBoth: () => void = () => undefined;
    const bothLoaded = new Promise<void>((resolve) => (releaseBoth = resolve));
    models.use(
      new MockLanguageModelV3({
        doStream: async (options) => {
          const users = options.prompt.filter(
            (message) => message.role === 'user',
          );
          const last = users.at(-1);
          const text =
            last?.role === 'user' && last.content[0]?.type === 'text'
              ? last.content[0].text
              : '';
          const step = steps[text]!++;
          if (step === 1) {
            // Both turns have loaded their tool before either ends.
            if (++arrived === 2) releaseBoth();
            await bothLoaded;
          }
          const entry =
            step === 0
              ? {
                  toolCalls: [
                    { toolName: 'loadTools', input: { names: [loads[text]] } },
                  ],
                }
              : { text: 'ok' };
          return createScriptedModel([entry]).doStream(options);
        },
      }),
    );
    const [a, b] = await Promise.all([
      postChat(app, token(), { message: 'turn A', chatId }),
      postChat(app, token(), { message: 'turn B', chatId }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const next = await turn(app, 'Next', chatId);
    expect(
      sentToolNames(next.model.doStreamCalls[0]!)
        .slice(CORE_AND_LOAD.length)
        .sort(),
    ).toEqual(['getTable', 'tableInsertRow']);
  });

  it('survives a server restart and is served by any instance', async () => {
    const first = await turn(app, 'Export it', undefined, [
      'exportPageMarkdown',
    ]);
    const chatId = first.response.headers['x-chat-id'] as string;
    await app.close();
    app = await host();
    const afterRestart = await turn(app, 'Again', chatId);
    expect(sentToolNames(afterRestart.model.doStreamCalls[0]!).at(-1)).toBe(
      'exportPageMarkdown',
    );

    const second = await host();
    try {
      await turn(second, 'Also move it', chatId, ['movePage']);
      const back = await turn(app, 'And now?', chatId);
      expect(
        sentToolNames(back.model.doStreamCalls[0]!).slice(CORE_AND_LOAD.length),
      ).toEqual(['exportPageMarkdown', 'movePage']);
    } finally {
      await second.close();
    }
  });

  it('toggle OFF ignores the carried tools and keeps them for when it is ON again', async () => {
    const first = await turn(app, 'Read the table', undefined, ['getTable']);
    const chatId = first.response.headers['x-chat-id'] as string;
    await setSettings({ ai: { deferredTools: false } });
    try {
      const off = await turn(app, 'Everything at once', chatId);
      expect(sentToolNames(off.model.doStreamCalls[0]!)).not.toContain(
        'loadTools',
      );
    } finally {
      await setSettings({});
    }
    const on = await turn(app, 'Back on', chatId);
    expect(sentToolNames(on.model.doStreamCalls[0]!)).toEqual([
      ...CORE_AND_LOAD,
      'getTable',
    ]);
  });

  it('an aborted turn still stores what it activated', async () => {
    const start = await turn(app, 'Start');
    const chatId = start.response.headers['x-chat-id'] as string;
    const abort = new AbortController();
    let call = 0;
    models.use(
      new MockLanguageModelV3({
        doStream: async (options) => {
          if (call++ === 0)
            return createScriptedModel([
              {
                toolCalls: [
                  { toolName: 'loadTools', input: { names: ['listShares'] } },
                ],
              },
            ]).doStream(options);
          // The client goes away while the model thinks about the second step.
          abort.abort();
          throw new DOMException('This operation was aborted', 'AbortError');
        },
      }),
    );
    const member = seed.users.find((user) => user.role === 'member')!;
    const started = await app.get(ChatService).startTurn({
      user: {
        userId: member.id,
        workspaceId: seed.workspaceId,
        role: 'member',
        email: member.email,
      },
      message: 'Share it',
      chatId,
      abortSignal: abort.signal,
    });
    const reader = started.stream.getReader();
    while (!(await reader.read()).done);
    expect(abort.signal.aborted).toBe(true);
    const next = await turn(app, 'Retry', chatId);
    expect(sentToolNames(next.model.doStreamCalls[0]!).at(-1)).toBe(
      'listShares',
    );
  });

  it('a turn whose model fails still stores what it activated', async () => {
    const start = await turn(app, 'Start');
    const chatId = start.response.headers['x-chat-id'] as string;
    let call = 0;
    models.use(
      new MockLanguageModelV3({
        doStream: async (options) => {
          if (call++ === 0)
            return createScriptedModel([
              {
                toolCalls: [
                  { toolName: 'loadTools', input: { names: ['getPageJson'] } },
                ],
              },
            ]).doStream(options);
          throw new Error('the provider is down');
        },
      }),
    );
    const failed = await postChat(app, token(), { message: 'Try', chatId });
    expect(failed.chunks.some((chunk) => chunk.type === 'error')).toBe(true);
    const next = await turn(app, 'Retry', chatId);
    expect(sentToolNames(next.model.doStreamCalls[0]!).at(-1)).toBe(
      'getPageJson',
    );
  });
});
