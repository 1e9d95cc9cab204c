import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  seedDemoWorkspace,
  type SeedResult,
} from '../../host/seed/seed-demo-workspace';
import { SEED_IDS } from '../../host/seed/seed-ids';
import { createToolRegistry } from '../../src/registry/create-tool-registry';
import { TOOL_DEFINITIONS } from '../../src/tools/tool-definitions';
import { createDocmostExecutors } from '../../src/tools/docmost-executors';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';
import {
  createChatTestHost,
  postChat,
  switchableModelFactory,
} from './support/chat-test-host';
import {
  createScriptedModel,
  sentToolNames,
  sentToolResults,
} from './support/scripted-model';

/**
 * Seed 000's check of the core tier: the proofreader's typical turn (read the page, comment,
 * fix the text) runs on the always-active tools alone, with the real executors.
 */
describe('proofreader turn with the real executors', () => {
  let database: TestDatabase;
  let app: NestFastifyApplication;
  let seed: SeedResult;
  const models = switchableModelFactory();

  beforeAll(async () => {
    database = await createTestDatabase();
    seed = await seedDemoWorkspace(database.db);
    const registry = createToolRegistry({
      specs: TOOL_DEFINITIONS,
      executors: createDocmostExecutors(database.db),
      logger: { warn: () => undefined },
    });
    app = await createChatTestHost({
      db: database.db,
      registry,
      modelFactory: models.factory,
      ai: { maxSteps: 8 },
    });
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('reads, comments and edits text without a single loadTools', async () => {
    const pageId = SEED_IDS.pages.releaseNotes;
    const typo = 'Search results now show teh page path under each title.';
    const model = createScriptedModel([
      {
        toolCalls: [
          { toolName: 'getCurrentPage', input: {}, toolCallId: 'read' },
        ],
      },
      {
        toolCalls: [
          {
            toolName: 'listComments',
            input: { pageId },
            toolCallId: 'comments',
          },
        ],
      },
      {
        toolCalls: [
          {
            toolName: 'createComment',
            input: {
              pageId,
              content: 'Typo: "teh" should be "the".',
              selection: 'teh page path',
            },
            toolCallId: 'comment',
          },
        ],
      },
      {
        toolCalls: [
          {
            toolName: 'editPageText',
            input: { pageId, find: 'teh page path', replace: 'the page path' },
            toolCallId: 'edit',
          },
        ],
      },
      { text: 'Fixed "teh" and left a comment.' },
    ]);
    models.use(model);
    const member = seed.users.find((user) => user.role === 'member')!;
    const response = await postChat(app, member.token, {
      message: 'Proofread this page',
      pageId,
    });
    expect(response.statusCode).toBe(200);

    const toolsSentAnyStep = new Set(
      model.doStreamCalls.flatMap(sentToolNames),
    );
    expect(
      model.doStreamCalls.every((call) => sentToolNames(call).length === 14),
    ).toBe(true);
    expect(toolsSentAnyStep.has('loadTools')).toBe(true);
    const results = sentToolResults(model.doStreamCalls.at(-1)!);
    expect([...results.values()].map((result) => result.toolName)).toEqual([
      'getCurrentPage',
      'listComments',
      'createComment',
      'editPageText',
    ]);
    for (const result of results.values())
      expect(result.output).not.toMatchObject({ type: 'error-text' });
    expect(JSON.stringify(results.get('read')?.output)).toContain(
      typo.replace(/"/g, '\\"'),
    );

    const chatId = response.headers['x-chat-id'] as string;
    const comment = await database.db
      .selectFrom('comments')
      .selectAll()
      .where('aiChatId', '=', chatId)
      .executeTakeFirst();
    expect(comment).toMatchObject({ pageId, creatorId: member.id });
    const page = await database.db
      .selectFrom('pages')
      .select('textContent')
      .where('id', '=', pageId)
      .executeTakeFirstOrThrow();
    expect(page.textContent).toContain('the page path under each title');
    expect(page.textContent).not.toContain('teh page path');
  });
});
