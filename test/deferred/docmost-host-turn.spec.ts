import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { Global, Inject, Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import {
  FastifyAdapter,
  type NestFastifyApplication,
} from '@nestjs/platform-fastify';
import {
  stepCountIs,
  streamText,
  type PrepareStepFunction,
  type ToolSet,
} from 'ai';
import type { Kysely } from 'kysely';
import { AiToolsModule } from '../../src/ai-tools.module';
import { ChatMemoryService } from '../../src/chat-memory';
import type { DB } from '../../src/database';
import { DeferredToolsService } from '../../src/deferred';
import { SEED_IDS } from '../../host/seed/seed-ids';
import { AiToolsSettingsService } from '../../src/settings';
import {
  createScriptedModel,
  sentSystem,
  sentToolNames,
  sentToolResults,
  type ScriptEntry,
} from '../chat/support/scripted-model';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';

/** The token nestjs-kysely's `@InjectKysely()` injects (`KYSELY_MODULE_CONNECTION_TOKEN()`), Docmost's database. */
const NESTJS_KYSELY_TOKEN = 'KyselyModuleConnectionToken';

const MAX_STEPS = 4;
const DOCMOST_SYSTEM = 'You are Docmost AI.';

/** A final-step lockdown of the kind Docmost's own `prepareAgentStep` applies: no tool at all on the last step. */
const docmostPrepareAgentStep: PrepareStepFunction<ToolSet> = ({
  stepNumber,
}) =>
  stepNumber < MAX_STEPS - 1
    ? undefined
    : {
        activeTools: [],
        toolChoice: 'none',
        system: `${DOCMOST_SYSTEM}\nAnswer now.`,
      };

/** A Docmost-like chat service: its own streamText call, adopting the module's turn in a few lines (as the README shows). */
@Injectable()
class DocmostChatService {
  constructor(
    @Inject(DeferredToolsService)
    private readonly deferredTools: DeferredToolsService,
    @Inject(AiToolsSettingsService)
    private readonly aiToolsSettings: AiToolsSettingsService,
    @Inject(ChatMemoryService) private readonly chatMemory: ChatMemoryService,
  ) {}

  async runTurn(chatId: string, newChat: boolean, script: ScriptEntry[]) {
    const context = {
      userId: SEED_IDS.users.member,
      workspaceId: SEED_IDS.workspace,
      surface: 'chat' as const,
      sessionId: randomUUID(),
      chatId,
    };
    const memory = await this.chatMemory.beginTurn(context, { newChat });
    const turn = this.deferredTools.startTurn({
      context,
      enabled: await this.aiToolsSettings.isDeferredToolsEnabled(
        SEED_IDS.workspace,
      ),
      carriedTools: memory.carriedTools,
      prepareStep: docmostPrepareAgentStep,
    });
    const model = createScriptedModel(script);
    const result = streamText({
      model,
      system: turn.systemWithCatalog(DOCMOST_SYSTEM),
      prompt: 'Read the pricing table',
      ...turn,
      stopWhen: stepCountIs(MAX_STEPS),
    });
    await result.consumeStream();
    await memory.end(turn);
    return { turn, calls: model.doStreamCalls };
  }
}

describe('a Docmost-like host: AiToolsModule on the nestjs-kysely instance, its own chat service on startTurn', () => {
  let database: TestDatabase;
  let app: NestFastifyApplication;

  beforeAll(async () => {
    database = await createTestDatabase();

    @Global()
    @Module({
      providers: [{ provide: NESTJS_KYSELY_TOKEN, useValue: database.db }],
      exports: [NESTJS_KYSELY_TOKEN],
    })
    class DocmostDatabaseModule {}

    @Module({
      imports: [
        DocmostDatabaseModule,
        AiToolsModule.forRootAsync({
          inject: [NESTJS_KYSELY_TOKEN],
          useFactory: (db: Kysely<DB>) => ({
            db,
            logger: { warn: () => undefined },
          }),
        }),
      ],
      providers: [DocmostChatService],
    })
    class DocmostAiModule {}

    app = await NestFactory.create<NestFastifyApplication>(
      DocmostAiModule,
      new FastifyAdapter(),
      { logger: false },
    );
    await app.init();
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  async function newChat(): Promise<string> {
    const chatId = randomUUID();
    await database.db
      .insertInto('aiChats')
      .values({
        id: chatId,
        workspaceId: SEED_IDS.workspace,
        creatorId: SEED_IDS.users.member,
        title: 'pricing',
      })
      .execute();
    return chatId;
  }

  it('loads a deferred tool, reads the database as the user, lets the lockdown win, and carries the tool to the next turn', async () => {
    const chat = app.get(DocmostChatService);
    const chatId = await newChat();
    const first = await chat.runTurn(chatId, true, [
      {
        toolCalls: [{ toolName: 'loadTools', input: { names: ['getTable'] } }],
      },
      {
        toolCalls: [
          {
            toolName: 'getTable',
            input: { pageId: SEED_IDS.pages.pricing, table: 0 },
            toolCallId: 'read-table',
          },
        ],
      },
      {
        toolCalls: [
          { toolName: 'loadTools', input: { names: ['tableUpdateCell'] } },
        ],
      },
    ]);
    const sent = first.calls.map(sentToolNames);
    expect(sent[0]).not.toContain('getTable');
    expect(sent[1]).toContain('getTable');
    // The last step is Docmost's: no tool at all, even those loaded on the way, and its system prompt.
    expect(sent[3]).toEqual([]);
    expect(first.calls[3]!.toolChoice).toEqual({ type: 'none' });
    expect(sentSystem(first.calls[3]!)).toBe(`${DOCMOST_SYSTEM}\nAnswer now.`);
    expect(sentSystem(first.calls[0]!)).toBe(
      `${DOCMOST_SYSTEM}\n\n${first.turn.catalogBlock}`,
    );
    expect(first.turn.catalogBlock).toContain('- getTable — ');
    const table = sentToolResults(first.calls[2]!).get('read-table');
    expect(table?.toolName).toBe('getTable');
    expect(JSON.stringify(table?.output)).toContain('rows');

    const second = await chat.runTurn(chatId, false, [{ text: 'Done.' }]);
    expect(sentToolNames(second.calls[0]!).slice(-2)).toEqual([
      'getTable',
      'tableUpdateCell',
    ]);
  });

  it('with deferred tools OFF sends every tool, no catalog, and the lockdown as Docmost returns it', async () => {
    await app.get(AiToolsSettingsService).updateSettings(
      {
        userId: SEED_IDS.users.owner,
        workspaceId: SEED_IDS.workspace,
        role: 'owner',
      },
      { deferredTools: false },
    );
    try {
      const { turn, calls } = await app
        .get(DocmostChatService)
        .runTurn(await newChat(), true, [{ text: 'Done.' }]);
      expect(turn.enabled).toBe(false);
      expect(sentSystem(calls[0]!)).toBe(DOCMOST_SYSTEM);
      expect(sentToolNames(calls[0]!)).not.toContain('loadTools');
      expect(sentToolNames(calls[0]!)).toEqual(
        expect.arrayContaining(['searchPages', 'getTable', 'tableUpdateCell']),
      );
    } finally {
      await app.get(AiToolsSettingsService).updateSettings(
        {
          userId: SEED_IDS.users.owner,
          workspaceId: SEED_IDS.workspace,
          role: 'owner',
        },
        { deferredTools: true },
      );
    }
  });
});
