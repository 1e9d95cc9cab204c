import { asDocument, extractText } from '../../src/document';
import { sql } from 'kysely';
import WebSocket from 'ws';
import { HocuspocusProvider } from '../../dev/collaboration/hocuspocus-provider';
import type { LiveEditor } from '../../dev/collaboration/live-editor';
import { SEED_IDS } from '../../host/seed/seed-ids';
import type { ServerUnderTest } from '../support/server-under-test';
import {
  paragraphs,
  setPage,
  startCluster,
  textOf,
  whenEditorHas,
  whenEditorsHave,
  type Cluster,
} from './support/cluster';

jest.setTimeout(60_000);

/** Resolves when every change of the editor was acknowledged by its server. */
const settled = (editor: LiveEditor) => editor.settled();

/** Resolves once the stored page's text satisfies `check` (stores run after the hosts' hooks). */
async function whenStored(
  cluster: Cluster,
  pageId: string,
  check: (text: string) => boolean,
  timeoutMs = 10_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = await cluster.storedText(pageId);
    if (check(text)) return text;
    if (Date.now() > deadline)
      throw new Error(`page ${pageId} stored as: ${text}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Resolves once the instance wrote a line matching `line` to its stderr, or ended. */
async function whenLoggedOrEnded(
  server: ServerUnderTest,
  line: RegExp,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (server.alive() && !line.test(server.stderr())) {
    if (Date.now() > deadline)
      throw new Error(`the instance did not log ${line} in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Live pages on the reference host as a cluster: two `npm start` instances (A and B) on one
 * PostgreSQL and one redis-server, an editor typing through A's `/collab`, the agent working
 * through B's `/mcp` (issue 35). The agent is a collaboration client of its instance, which
 * keeps its copy of the page in step with A's through Redis. One cluster serves every test;
 * each test has a page of its own, and the last ones kill A and stop Redis.
 */
describe('live pages on two instances with one database and one Redis', () => {
  let cluster: Cluster;

  beforeAll(async () => {
    cluster = await startCluster();
  }, 120_000);

  const providers: HocuspocusProvider[] = [];

  afterEach(() => {
    cluster?.closeEditors();
    for (const provider of providers.splice(0)) provider.destroy();
  });

  afterAll(async () => {
    for (const provider of providers) provider.destroy();
    await cluster?.close();
  });

  it("B's read sees what a person typed on A that A has not stored", async () => {
    const page = SEED_IDS.pages.onboarding;
    await setPage(
      cluster.database,
      page,
      paragraphs('First paragraph.', 'Second paragraph.'),
    );
    const editor = await cluster.a.openEditor(page);
    textOf(editor, 0).insert(0, 'Typed on A: ');
    await settled(editor);
    expect(await cluster.storedText(page)).not.toContain('Typed on A');
    const read = await cluster.b.call('get_page', { pageId: page });
    expect(read.isError).toBe(false);
    expect(read.text).toContain('Typed on A: First paragraph.');
  });

  it("B's edit reaches the editor on A, and editors on A and B see one document", async () => {
    const page = SEED_IDS.pages.engineeringSetup;
    await setPage(
      cluster.database,
      page,
      paragraphs('Install the tools.', 'Run the tests.'),
    );
    const onA = await cluster.a.openEditor(page);
    const onB = await cluster.b.openEditor(page);
    const edit = await cluster.b.call('edit_page_text', {
      pageId: page,
      find: 'Run the tests.',
      replace: 'Run the tests twice.',
    });
    expect(edit.isError).toBe(false);
    await whenEditorHas(onA, () => textOf(onA, 1).toString().includes('twice'));
    textOf(onA, 0).insert(0, 'From A. ');
    textOf(onB, 0).insert(0, 'From B. ');
    await Promise.all([settled(onA), settled(onB)]);
    const same = () =>
      JSON.stringify(onA.document()) === JSON.stringify(onB.document());
    await whenEditorsHave([onA, onB], same);
    const text = extractText(asDocument(onA.document()));
    expect(text).toContain('From A.');
    expect(text).toContain('From B.');
    expect(text).toContain('Run the tests twice.');
  });

  it("stores every keystroke and the agent's edit, each recorded as its author's", async () => {
    const page = SEED_IDS.pages.meetingNotes;
    await setPage(
      cluster.database,
      page,
      paragraphs('Notes:', 'Action items follow.'),
    );
    const editor = await cluster.a.openEditor(page);
    textOf(editor, 0).insert(6, ' one');
    await settled(editor);
    // Stored by A before the agent comes, so no store of A's races the agent's.
    await whenStored(cluster, page, (text) => text.includes('Notes: one'));
    const edit = await cluster.b.call('edit_page_text', {
      pageId: page,
      find: 'Action items follow.',
      replace: 'Action items: none.',
    });
    expect(edit.isError).toBe(false);
    await whenEditorHas(editor, () =>
      textOf(editor, 1).toString().includes('none'),
    );
    textOf(editor, 0).insert(10, ' two');
    await settled(editor);
    // A stores the typing after its store delay.
    await whenStored(
      cluster,
      page,
      (text) => text.includes('Notes: one two') && text.includes('items: none'),
    );
    const history = await cluster.database.db
      .selectFrom('pageHistory')
      .select(['content', 'lastUpdatedSource'])
      .where('pageId', '=', page)
      .orderBy(sql`created_at`)
      .execute();
    const agentRows = history.filter(
      (row) => row.lastUpdatedSource === 'agent',
    );
    expect(agentRows.length).toBeGreaterThan(0);
    for (const row of agentRows) {
      // The agent's store holds the agent's change, never the typing made after it.
      const text = extractText(asDocument(row.content));
      expect(text).toContain('items: none');
      expect(text).not.toContain('two');
    }
    const stored = await cluster.database.db
      .selectFrom('pages')
      .select(['lastUpdatedSource'])
      .where('id', '=', page)
      .executeTakeFirstOrThrow();
    // The last change was the person's.
    expect(stored.lastUpdatedSource).toBe('user');
  });

  it('keeps every keystroke over 100 rounds of agent edits through B while a person types on A', async () => {
    const page = SEED_IDS.pages.weeklySync;
    await setPage(cluster.database, page, paragraphs('Typing:', 'agent-0'));
    const editor = await cluster.a.openEditor(page);
    let typed = 'Typing:';
    for (let round = 0; round < 100; round++) {
      const key = String(round % 10);
      textOf(editor, 0).insert(typed.length, key);
      typed += key;
      const edit = await cluster.b.call('edit_page_text', {
        pageId: page,
        find: `agent-${round}`,
        replace: `agent-${round + 1}`,
      });
      expect(edit).toMatchObject({ isError: false });
    }
    await settled(editor);
    await whenEditorHas(
      editor,
      () => textOf(editor, 1).toString() === 'agent-100',
    );
    expect(textOf(editor, 0).toString()).toBe(typed);
    editor.close();
    // The persistence writes each author's stretch as its own store (provenance and a history
    // row), up to 200 here: with six busy processes beside the run on two cores the last one
    // landed 9.5 to 10.3 s after the editor closed, at the default bound. What is asserted is
    // that every keystroke is stored, not how fast.
    await whenStored(
      cluster,
      page,
      (text) => text.includes(typed) && text.includes('agent-100'),
      30_000,
    );
  }, 120_000);

  it('moves the editor to B when A dies, loses nothing it synced, and the agent keeps working through B', async () => {
    const page = SEED_IDS.pages.supportPlaybook;
    await setPage(
      cluster.database,
      page,
      paragraphs('Escalation:', 'Call the on-call engineer.'),
    );
    const editor = await cluster.a.openEditor(page);
    textOf(editor, 0).insert(11, ' synced');
    await settled(editor);
    // B holds the page too (the agent read it), so the typing lives on after A.
    expect((await cluster.b.call('get_page', { pageId: page })).text).toContain(
      'Escalation: synced',
    );
    textOf(editor, 0).insert(18, ' while-dying');
    cluster.a.server.process.kill('SIGKILL');
    // The load balancer sends the editor's reconnect to B; its document keeps what A never got.
    editor.provider.destroy();
    const moved = new HocuspocusProvider({
      url: cluster.b.collabUrl,
      name: `page.${page}`,
      document: editor.doc,
      token: cluster.token,
      WebSocketPolyfill: WebSocket,
    } as ConstructorParameters<typeof HocuspocusProvider>[0]);
    providers.push(moved);
    await new Promise<void>((resolve) => moved.on('synced', () => resolve()));
    textOf(editor, 0).insert(0, 'After: ');
    const edit = await cluster.b.call('edit_page_text', {
      pageId: page,
      find: 'on-call engineer',
      replace: 'on-call lead',
    });
    if (edit.isError)
      expect(edit.text).toMatch(
        /collaboration server (did not answer|.*went away)/,
      );
    else
      await whenEditorHas(editor, () =>
        textOf(editor, 1).toString().includes('lead'),
      );
    await new Promise<void>((resolve) => {
      const check = () => (moved.hasUnsyncedChanges ? undefined : resolve());
      moved.on('unsyncedChanges', check);
      check();
    });
    moved.destroy();
    await whenStored(cluster, page, (text) =>
      text.includes('After: Escalation: synced while-dying'),
    );
  });

  it('answers unavailable, changes nothing and keeps serving while Redis is down', async () => {
    const page = SEED_IDS.pages.productHandbook;
    await setPage(
      cluster.database,
      page,
      paragraphs('Handbook.', 'Chapter one.'),
    );
    const before = await cluster.storedText(page);
    // A person has another page open on B as Redis goes away, and leaves it: B unloads it.
    const left = await cluster.b.openEditor(SEED_IDS.pages.roadmap);
    await cluster.redis.stop();
    left.close();
    const edit = await cluster.b.call('edit_page_text', {
      pageId: page,
      find: 'Chapter one.',
      replace: 'Chapter two.',
    });
    expect(edit.isError).toBe(true);
    expect(edit.text).toMatch(
      /collaboration server did not answer .*nothing was written/,
    );
    expect(await cluster.storedText(page)).toBe(before);
    // The unload's unsubscribe fails while Redis is down; it once ended B with every request
    // it was serving (an unhandled rejection), and the agent's call got a dropped connection.
    await whenLoggedOrEnded(cluster.b.server, /did not take the unsubscribe/);
    expect(cluster.b.server.alive()).toBe(true);
    const read = await cluster.b.call('get_page', { pageId: page });
    expect(read.isError).toBe(true);
    expect(read.text).toMatch(/collaboration server did not answer/);
  });
});
