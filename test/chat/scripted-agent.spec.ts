import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadAppConfig } from '../../host/config/app-config';
import { createApp } from '../../host/create-app';
import {
  seedDemoWorkspace,
  type SeedResult,
} from '../../host/seed/seed-demo-workspace';
import { SEED_IDS } from '../../host/seed/seed-ids';
import { postAsUser, postChatTurn } from '../../dev/host-chat/host-requests';
import type { UiMessageChunk } from '../../dev/host-chat/ui-message-stream';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';

/**
 * The reference host without AI_BASE_URL and AI_MODEL: the chat talks to the scripted agent,
 * through the real route, tools and database, and says so in the message metadata.
 */
let database: TestDatabase;
let seed: SeedResult;
let app: NestFastifyApplication;
const pageId = SEED_IDS.pages.weeklySync;
const token = (role: string) =>
  seed.users.find((user) => user.role === role)!.token;

const toolCalls = (chunks: readonly UiMessageChunk[]) =>
  chunks
    .filter((chunk) => chunk.type === 'tool-input-available')
    .map((chunk) => chunk.toolName);
const metadataOf = (chunks: readonly UiMessageChunk[], type: string) =>
  chunks.find((chunk) => chunk.type === type)?.messageMetadata;

beforeAll(async () => {
  database = await createTestDatabase();
  seed = await seedDemoWorkspace(database.db);
  const config = loadAppConfig({ AI_SCRIPTED_STEP_DELAY_MS: '0' });
  app = await createApp({ db: database.db, config, logger: false });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
});

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

it('appends the message to the open page, loading insertNode first, and labels itself as scripted', async () => {
  const turn = await postChatTurn(app, token('member'), {
    message: 'Remember the retro on Friday',
    pageId,
  });
  expect(turn.failure).toBeUndefined();
  expect(toolCalls(turn.chunks)).toEqual([
    'getCurrentPage',
    'loadTools',
    'insertNode',
  ]);
  expect(metadataOf(turn.chunks, 'start')).toEqual({
    chatId: turn.chatId,
    model: { id: 'scripted-agent', scripted: true },
  });
  // Four model calls: 13 core tools and loadTools, then insertNode loaded at the end.
  expect(metadataOf(turn.chunks, 'finish')).toMatchObject({
    figures: { modelRequests: 4, toolsActive: 15, deferredTools: true },
  });
  const text = turn.chunks
    .filter((chunk) => chunk.type === 'text-delta')
    .map((chunk) => chunk.delta)
    .join('');
  expect(text).toContain('Scripted agent');
  const page = await database.db
    .selectFrom('pages')
    .select('textContent')
    .where('id', '=', pageId)
    .executeTakeFirstOrThrow();
  expect(page.textContent).toContain(
    'Note from the scripted agent: Remember the retro on Friday',
  );
});

it('sends every tool at once when the workspace turned deferred tools off', async () => {
  const update = await postAsUser(
    app,
    token('owner'),
    '/api/ai-tools/settings/update',
    { deferredTools: false },
  );
  expect(update.statusCode).toBe(200);
  try {
    const turn = await postChatTurn(app, token('member'), {
      message: 'Second note',
      pageId,
    });
    expect(toolCalls(turn.chunks)).toEqual(['getCurrentPage', 'insertNode']);
    expect(metadataOf(turn.chunks, 'finish')).toMatchObject({
      figures: { modelRequests: 3, toolsActive: 41, deferredTools: false },
    });
  } finally {
    await postAsUser(app, token('owner'), '/api/ai-tools/settings/update', {
      deferredTools: true,
    });
  }
});

it('asks for an open page when the chat has none', async () => {
  const turn = await postChatTurn(app, token('member'), { message: 'Hello' });
  expect(turn.failure).toBeUndefined();
  expect(toolCalls(turn.chunks)).toEqual(['getCurrentPage']);
  const text = turn.chunks
    .filter((chunk) => chunk.type === 'text-delta')
    .map((chunk) => chunk.delta)
    .join('');
  expect(text).toContain('open one and ask again');
});

describe('a comment made while the scripted agent works', () => {
  let listening: NestFastifyApplication;
  let baseUrl: string;

  beforeAll(async () => {
    const config = loadAppConfig({
      AI_SCRIPTED_STEP_DELAY_MS: '300',
      AI_COMMENT_SIGNAL_DEBOUNCE_MS: '0',
    });
    listening = await createApp({ db: database.db, config, logger: false });
    await listening.listen(0, '127.0.0.1');
    baseUrl = await listening.getUrl();
  });

  afterAll(async () => {
    await listening?.close();
  });

  it('reaches the stream as a signal data part once the model has read it', async () => {
    const response = await fetch(`${baseUrl}/api/ai/chat`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token('member')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ message: 'Add a line', pageId }),
    });
    expect(response.status).toBe(200);
    const reader = response
      .body!.pipeThrough(new TextDecoderStream())
      .getReader();
    const chunks: UiMessageChunk[] = [];
    let buffer = '';
    let commented = false;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      const events = buffer.split('\n\n');
      buffer = events.pop()!;
      for (const event of events) {
        if (!event.startsWith('data: ') || event === 'data: [DONE]') continue;
        const chunk = JSON.parse(event.slice(6)) as UiMessageChunk;
        chunks.push(chunk);
        // The page is read: the admin comments on it, as a person in the editor would.
        if (chunk.type === 'tool-output-available' && !commented) {
          commented = true;
          const added = await fetch(
            `${baseUrl}/api/web/pages/${pageId}/comments`,
            {
              method: 'POST',
              headers: {
                authorization: `Bearer ${token('admin')}`,
                'content-type': 'application/json',
              },
              body: JSON.stringify({
                text: 'SECRET-COMMENT-TEXT please check',
              }),
            },
          );
          expect(added.status).toBe(201);
        }
      }
    }
    const signals = chunks.filter((chunk) => chunk.type === 'data-signal');
    expect(signals).toHaveLength(1);
    expect(signals[0]!.data).toMatchObject({
      toolName: 'insertNode',
      line: expect.stringMatching(
        new RegExp(`^\\[signal\\] new comments: 1 on page ${pageId} `),
      ),
    });
    // The comment's text never reaches the stream.
    expect(JSON.stringify(chunks)).not.toContain('SECRET-COMMENT-TEXT');
  });
});
