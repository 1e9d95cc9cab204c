import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { NotFoundException } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { SEED_IDS } from '../../host/seed/seed-ids';
import { AiToolsModule, ChatMemoryService } from '../../src';
import { contextFor } from '../support/seeded-tools';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';

/** A chat's memory is its creator's: another user's chat id is refused as unknown. */
describe('ChatMemoryService.beginTurn and chat ownership', () => {
  let database: TestDatabase;
  let moduleRef: TestingModule;
  let chatMemory: ChatMemoryService;
  let chatId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    moduleRef = await Test.createTestingModule({
      imports: [
        AiToolsModule.forRoot({ db: database.db, commentSignal: false }),
      ],
    }).compile();
    await moduleRef.init();
    chatMemory = moduleRef.get(ChatMemoryService);
    chatId = randomUUID();
    await database.db
      .insertInto('aiChats')
      .values({
        id: chatId,
        workspaceId: SEED_IDS.workspace,
        creatorId: SEED_IDS.users.member,
        title: "the member's chat",
      })
      .execute();
    // The member's chat carries a loaded tool into its next turn.
    const turn = await chatMemory.beginTurn({
      ...contextFor('member'),
      chatId,
    });
    await turn.end({
      carriedTools: () => [{ name: 'getTable', usedAt: 1 }],
    });
  });

  afterAll(async () => {
    await moduleRef?.close();
    await database?.drop();
  });

  it("gives the chat's creator its memory", async () => {
    const memory = await chatMemory.beginTurn({
      ...contextFor('member'),
      chatId,
    });
    expect(memory.carriedTools.map((tool) => tool.name)).toEqual(['getTable']);
  });

  it("refuses another user's chat, in the same workspace or another, as not found", async () => {
    for (const context of [
      { ...contextFor('admin'), chatId },
      { ...contextFor('member'), chatId, workspaceId: randomUUID() },
    ]) {
      const refused = chatMemory.beginTurn(context);
      await expect(refused).rejects.toBeInstanceOf(NotFoundException);
      await expect(refused).rejects.toThrow(/not found/);
    }
  });

  it('lets a chat the host has not stored yet through, with nothing carried', async () => {
    const memory = await chatMemory.beginTurn({
      ...contextFor('admin'),
      chatId: randomUUID(),
    });
    expect(memory.carriedTools).toEqual([]);
  });
});
