import { randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MockLanguageModelV3 } from 'ai/test';
import { sql } from 'kysely';
import { ChatRepository } from '../../host/chat/chat.repository';
import {
  seedDemoWorkspace,
  type SeedResult,
} from '../../host/seed/seed-demo-workspace';
import { SEED_IDS } from '../../host/seed/seed-ids';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';
import {
  createChatTestHost,
  createEchoRegistry,
  postChat,
  switchableModelFactory,
} from './support/chat-test-host';
import { createScriptedModel } from './support/scripted-model';

/**
 * The reference chat's rows in Docmost's shape (`ai_chats`, `ai_chat_messages`), and what a
 * failed turn leaves: the user message and an assistant row with status 'error', never a chat
 * without its message.
 */
describe('chat storage on Docmost tables', () => {
  let database: TestDatabase;
  let app: NestFastifyApplication;
  let seed: SeedResult;
  const models = switchableModelFactory();
  const member = () => seed.users.find((user) => user.role === 'member')!;

  beforeAll(async () => {
    database = await createTestDatabase();
    seed = await seedDemoWorkspace(database.db);
    app = await createChatTestHost({
      db: database.db,
      registry: createEchoRegistry(),
      modelFactory: models.factory,
      ai: { maxSteps: 5 },
    });
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  const rows = (chatId: string) =>
    database.db
      .selectFrom('aiChatMessages')
      .select([
        'id',
        'role',
        'userId',
        'content',
        'toolCalls',
        'metadata',
        'status',
      ])
      .where('chatId', '=', chatId)
      .orderBy('createdAt')
      .orderBy('id')
      .execute();

  /** The assistant row is written when the stream ends, which may be just after the response. */
  async function rowsOnceAnswered(chatId: string, count: number) {
    for (let attempt = 0; attempt < 100; attempt++) {
      const stored = await rows(chatId);
      if (stored.length >= count) return stored;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return rows(chatId);
  }

  it('records the page the chat was opened from, and the tool calls with their results', async () => {
    const pageId = SEED_IDS.pages.releaseNotes;
    models.use(
      createScriptedModel([
        {
          toolCalls: [
            { toolName: 'getCurrentPage', input: {}, toolCallId: 'read-1' },
          ],
        },
        { text: 'It reads well.' },
      ]),
    );
    const response = await postChat(app, member().token, {
      message: 'Check this page',
      pageId,
    });
    expect(response.statusCode).toBe(200);
    const chatId = response.headers['x-chat-id'] as string;

    const chat = await database.db
      .selectFrom('aiChats')
      .select(['creatorId', 'pageId', 'title'])
      .where('id', '=', chatId)
      .executeTakeFirstOrThrow();
    expect(chat).toEqual({
      creatorId: member().id,
      pageId,
      title: 'Check this page',
    });
    const [question, answer] = await rowsOnceAnswered(chatId, 2);
    expect(question).toMatchObject({
      role: 'user',
      userId: member().id,
      content: 'Check this page',
      toolCalls: null,
      status: 'completed',
    });
    expect(answer).toMatchObject({
      role: 'assistant',
      userId: null,
      content: 'It reads well.',
      status: 'completed',
    });
    expect(answer!.toolCalls).toEqual([
      {
        toolCallId: 'read-1',
        toolName: 'getCurrentPage',
        input: expect.any(Object),
        state: 'output-available',
        output: expect.objectContaining({ tool: 'getCurrentPage' }),
      },
    ]);
    expect(
      (answer!.metadata as { parts: { type: string }[] }).parts.map(
        (part) => part.type,
      ),
    ).toEqual(['step-start', 'tool-getCurrentPage', 'step-start', 'text']);
  });

  it('stores a failed turn as the user message and an assistant row with status error, and the chat goes on', async () => {
    models.use(
      new MockLanguageModelV3({
        doStream: async () => {
          throw new Error('provider unavailable (503)');
        },
      }),
    );
    const failed = await postChat(app, member().token, {
      message: 'Summarise the roadmap',
    });
    expect(failed.statusCode).toBe(200);
    expect(failed.chunks.some((chunk) => chunk.type === 'error')).toBe(true);
    const chatId = failed.headers['x-chat-id'] as string;
    const [question, answer] = await rowsOnceAnswered(chatId, 2);
    expect(question).toMatchObject({
      role: 'user',
      content: 'Summarise the roadmap',
      status: 'completed',
    });
    expect(answer).toMatchObject({
      role: 'assistant',
      userId: null,
      content: '',
      toolCalls: null,
      status: 'error',
    });
    expect(answer!.metadata).toMatchObject({
      error: 'provider unavailable (503)',
    });

    models.use(
      createScriptedModel([{ text: 'The roadmap has three themes.' }]),
    );
    const retried = await postChat(app, member().token, {
      message: 'Try again',
      chatId,
    });
    expect(retried.statusCode).toBe(200);
    const stored = await rowsOnceAnswered(chatId, 4);
    expect(stored.map((row) => [row.role, row.status])).toEqual([
      ['user', 'completed'],
      ['assistant', 'error'],
      ['user', 'completed'],
      ['assistant', 'completed'],
    ]);
  });

  it('continues a chat whose earlier messages Docmost wrote as plain text, without parts', async () => {
    const chatId = randomUUID();
    await database.db
      .insertInto('aiChats')
      .values({
        id: chatId,
        workspaceId: seed.workspaceId,
        creatorId: member().id,
        title: 'Older chat',
      })
      .execute();
    await database.db
      .insertInto('aiChatMessages')
      .values([
        {
          chatId,
          workspaceId: seed.workspaceId,
          userId: member().id,
          role: 'user',
          content: 'What is our refund window?',
          createdAt: sql<Date>`now() - interval '2 minutes'`,
        },
        {
          chatId,
          workspaceId: seed.workspaceId,
          userId: null,
          role: 'assistant',
          content: 'Thirty days.',
          createdAt: sql<Date>`now() - interval '1 minute'`,
        },
      ])
      .execute();
    const model = createScriptedModel([{ text: 'Still thirty days.' }]);
    models.use(model);
    const response = await postChat(app, member().token, {
      message: 'And now?',
      chatId,
    });
    expect(response.statusCode).toBe(200);
    const sent = model.doStreamCalls[0]!.prompt.filter(
      (message) => message.role !== 'system',
    );
    expect(
      sent.map((message) => [
        message.role,
        (message.content as { text?: string }[])[0]?.text,
      ]),
    ).toEqual([
      ['user', 'What is our refund window?'],
      ['assistant', 'Thirty days.'],
      ['user', 'And now?'],
    ]);
  });

  it('writes a new chat and its first message together: when the message cannot be stored, no chat is left', async () => {
    const chats = new ChatRepository(database.db);
    const owner = { userId: member().id, workspaceId: seed.workspaceId };
    const existing = await database.db
      .selectFrom('aiChatMessages')
      .select('id')
      .executeTakeFirstOrThrow();
    const newChatId = randomUUID();
    // A message id already taken: the message insert fails after the chat insert succeeded.
    const message = {
      id: existing.id,
      role: 'user' as const,
      parts: [{ type: 'text' as const, text: 'Hello' }],
    };
    await expect(
      chats.storeUserMessage(newChatId, owner, message, {
        id: newChatId,
        pageId: null,
      }),
    ).rejects.toThrow();
    expect(
      await database.db
        .selectFrom('aiChats')
        .select('id')
        .where('id', '=', newChatId)
        .execute(),
    ).toEqual([]);
  });

  it('refuses a message with U+0000 or a lone surrogate with 400 naming it, instead of failing in the database', async () => {
    for (const [message, named] of [
      ['Hello\u0000world', /U\+0000 \(NUL\)/],
      ['Half an emoji \uD83D', /unpaired UTF-16 surrogates/],
    ] as const) {
      const response = await postChat(app, member().token, { message });
      expect(response.statusCode).toBe(400);
      expect(response.body).toMatch(named);
    }
  });

  it('stores a turn whose model wrote U+0000 and a lone surrogate, with U+FFFD in their place', async () => {
    models.use(
      createScriptedModel([
        {
          toolCalls: [
            {
              toolName: 'getCurrentPage',
              input: { note: 'a\u0000b' },
              toolCallId: 'nul-1',
            },
          ],
        },
        { text: 'Answer with \u0000 and \uDE00 inside.' },
      ]),
    );
    const response = await postChat(app, member().token, {
      message: 'Anything odd?',
      pageId: SEED_IDS.pages.releaseNotes,
    });
    expect(response.statusCode).toBe(200);
    const chatId = response.headers['x-chat-id'] as string;
    const [, answer] = await rowsOnceAnswered(chatId, 2);
    expect(answer).toMatchObject({
      role: 'assistant',
      content: 'Answer with \uFFFD and \uFFFD inside.',
      status: 'completed',
    });
  });
});
