import { asDocument, extractText } from '../../src/document';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { SEED_IDS } from '../../host/seed/seed-ids';
import { defaultConnectionContext } from '../../src/collaboration/collaboration-pages-options';
import type { YXmlElement, YXmlText } from '../../src/collaboration/yjs';
import { contextFor } from '../support/seeded-tools';
import {
  eventually,
  startLivePageHost,
  type LivePageHost,
} from './support/live-page-host';

const PAGE = SEED_IDS.pages.releaseNotes;

/**
 * Provenance of live edits as Docmost reads it: the agent's connection carries `actor:
 * 'agent'` and the chat id (the field Docmost's persistence reads is `actor`, not `source`), and
 * the reference host's persistence, shaped as Docmost's, records the agent's store as the
 * agent's and a person's typing as the person's, even when both wait for the same store.
 */
describe("live pages: the agent's provenance", () => {
  let host: LivePageHost;
  let chatId: string;

  beforeAll(async () => {
    // The agent's change is stored at once; typing waits for the store delay.
    host = await startLivePageHost({ debounceMs: 1500, maxDebounceMs: 3000 });
    chatId = randomUUID();
    await host.database.db
      .insertInto('aiChats')
      .values({
        id: chatId,
        workspaceId: SEED_IDS.workspace,
        creatorId: SEED_IDS.users.owner,
        title: 'Proofreading',
      })
      .execute();
  });

  afterAll(async () => {
    await host.close();
  });

  it("gives the agent's connection actor 'agent' and the chat, the fields Docmost's persistence reads", () => {
    expect(
      defaultConnectionContext(contextFor('owner', { chatId: 'chat-1' })),
    ).toEqual({
      user: { id: SEED_IDS.users.owner },
      workspace: { id: SEED_IDS.workspace },
      actor: 'agent',
      aiChatId: 'chat-1',
    });
  });

  it("stores the agent's live edit as the agent's, with its chat, and the typing before and after it as the person's", async () => {
    const editor = await host.openEditor(PAGE);
    const first = (editor.fragment.get(0) as YXmlElement).get(0) as YXmlText;
    first.insert(0, 'Before. ');
    await editor.settled();
    const result = await host.registry.call(
      'editPageText',
      { pageId: PAGE, find: 'recieve', replace: 'receive' },
      contextFor('owner', { chatId }),
    );
    expect(result.output).toMatchObject({ historyId: null });
    // The agent's change is stored at once, typing made before it with it.
    const agentRow = async () =>
      host.database.db
        .selectFrom('pageHistory')
        .select(['content', 'lastUpdatedAiChatId', 'lastUpdatedById'])
        .where('pageId', '=', PAGE)
        .where('lastUpdatedSource', '=', 'agent')
        .executeTakeFirst();
    await eventually(async () => (await agentRow()) !== undefined);
    const row = (await agentRow())!;
    expect(row.lastUpdatedAiChatId).toBe(chatId);
    expect(row.lastUpdatedById).toBe(SEED_IDS.users.owner);
    expect(extractText(asDocument(row.content))).toContain('now receive');
    // The person types after the agent: the store after the delay is theirs.
    first.insert(0, 'After. ');
    await editor.settled();
    await eventually(async () => {
      const page = await host.database.db
        .selectFrom('pages')
        .select(['textContent', 'lastUpdatedSource', 'lastUpdatedAiChatId'])
        .where('id', '=', PAGE)
        .executeTakeFirstOrThrow();
      return (
        (page.textContent ?? '').includes('After. Before.') &&
        page.lastUpdatedSource === 'user' &&
        page.lastUpdatedAiChatId === null
      );
    });
    const history = await host.database.db
      .selectFrom('pageHistory')
      .select(['content', 'lastUpdatedSource'])
      .where('pageId', '=', PAGE)
      .orderBy(sql`created_at`)
      .execute();
    for (const entry of history.filter(
      (entry) => entry.lastUpdatedSource === 'agent',
    ))
      expect(extractText(asDocument(entry.content))).not.toContain('After.');
  });
});
