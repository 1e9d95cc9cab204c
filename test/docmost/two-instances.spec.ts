/**
 * Two Docmost instances (A and B) of the mounted build on one PostgreSQL and one Redis, then
 * Docmost's collaboration in its own process (`collab-main`) with an API instance told
 * `COLLAB_URL`: Mia edits a page in a real `@hocuspocus/provider` editor, the agent works on the
 * page in a chat turn on the other process. What the outside checks promised: the agent reads
 * her unsaved typing, its edit reaches her editor, the owner's lock `collabLock:page.<id>` is
 * untouched by the agent's work, and the stored page holds every keystroke and the edit.
 */
import { openLiveEditor, type LiveEditor } from '../../dev/collaboration/live-editor';
import { OpenAiStubServer } from '../chat/support/openai-stub-server';
import { textOf, whenEditorHas } from '../collaboration/support/cluster';
import { chatTurn, useScriptedModel } from './agent-chat';
import { createPage, DocmostSession } from './docmost-api';
import { recordFigure, withDatabase } from './docmost-checks';
import { Deployment } from './docmost-deployment';
import type { DocmostServer } from './docmost-process';
import { setUpPeople, type Workspace } from './docmost-people';
import { DocmostRedis } from './docmost-redis';
import { settle } from './effects-observer';

let deployment: Deployment;
let work: Workspace;
let model: OpenAiStubServer;
let redis: DocmostRedis;

beforeAll(async () => {
  model = await OpenAiStubServer.start();
  deployment = await Deployment.start({ label: 'instances', instances: 2 });
  work = await setUpPeople(deployment.a.url, deployment.databaseUrl);
  await useScriptedModel(work.people.owner.session, model);
  redis = DocmostRedis.connect(deployment.redis.url);
}, 600_000);

afterAll(async () => {
  await redis?.close();
  await deployment?.stop();
  await model?.close();
});

/** Mia's editor of `pageId` on the collaboration server of `server`. */
async function miasEditor(server: DocmostServer, pageId: string): Promise<LiveEditor> {
  const mia = new DocmostSession(server.url, work.people.member.session.authToken);
  const { token } = await mia.call<{ token: string }>('auth/collab-token');
  return openLiveEditor({ url: `${server.url.replace(/^http/, 'ws')}/collab`, pageId, token });
}

async function storedText(pageId: string): Promise<string> {
  return withDatabase(deployment.databaseUrl, async (client) =>
    String((await client.query('select text_content from pages where id = $1', [pageId])).rows[0]?.text_content ?? ''),
  );
}

/**
 * The whole row: Mia types on `editorOn` without saving, the agent on `agentOn` reads the page
 * and edits it, Mia types again and leaves; the lock is sampled all along.
 */
async function editBesideMia(editorOn: DocmostServer, agentOn: DocmostServer, label: string): Promise<void> {
  const page = await createPage(work.people.member.session, {
    spaceId: work.spaceId,
    title: `Live page (${label})`,
    markdown: 'The text of this page is here.',
  });
  const lockKey = `collabLock:page.${page.id}`;
  const editor = await miasEditor(editorOn, page.id);
  try {
    const owner = await settle(() => redis.get(lockKey), (value) => value !== null);
    expect(owner).not.toBeNull();
    const first = textOf(editor, 0);
    first.insert(first.length, ' Unsaved typing.');
    await editor.settled();
    expect(await storedText(page.id)).not.toContain('Unsaved typing');

    const locks = new Set<string | null>();
    const sampling = setInterval(() => void redis.get(lockKey).then((value) => locks.add(value)), 25);
    const sent = performance.now();
    let reachedAfter: number | undefined;
    const reached = whenEditorHas(editor, () => editor.document().content?.[0]?.content?.[0]?.text?.includes('words of this page') === true, 60_000).then(() => {
      reachedAfter = performance.now() - sent;
    });
    const turn = await chatTurn(new DocmostSession(agentOn.url, work.people.owner.session.authToken), model, {
      stepByStep: true,
      calls: [
        { name: 'getPage', arguments: { pageId: page.id } },
        { name: 'editPageText', arguments: { pageId: page.id, find: 'text of this page', replace: 'words of this page' } },
      ],
    });
    await reached;
    clearInterval(sampling);
    locks.add(await redis.get(lockKey));
    expect(turn.status).toBe(200);
    const [read, edit] = turn.tools;
    expect(read.errorText).toBeUndefined();
    expect(JSON.stringify(read.output)).toContain('Unsaved typing.');
    expect(edit.errorText).toBeUndefined();
    expect([...locks]).toEqual([owner]);
    recordFigure(`${label}: the agent's edit reached the editor after the turn was sent`, `${Math.round(reachedAfter!)} ms (the turn took ${Math.round(turn.milliseconds)} ms)`);

    const text = textOf(editor, 0);
    text.insert(text.length, ' After the agent.');
    await editor.settled();
  } finally {
    editor.close();
  }
  // Leaving stores the page (the last connection gone) and lets the lock go.
  const stored = await settle(
    () => storedText(page.id),
    (value) => ['Unsaved typing.', 'words of this page', 'After the agent.'].every((part) => value.includes(part)),
    60_000,
  );
  expect(stored).toContain('The words of this page is here. Unsaved typing. After the agent.');
  expect(await settle(() => redis.get(lockKey), (value) => value === null, 30_000)).toBeNull();
}

describe('two instances on one PostgreSQL and one Redis', () => {
  it("the agent on B reads Mia's unsaved typing on A, its edit reaches her editor, A's lock is untouched, and the page stores every keystroke", async () => {
    await editBesideMia(deployment.a, deployment.b, 'two instances');
  });
});

describe("Docmost's collaboration in its own process (COLLAB_URL)", () => {
  beforeAll(async () => {
    await deployment.useCollaborationProcess();
  }, 600_000);

  it("the agent on an API instance reads Mia's unsaved typing on collab-main, its edit reaches her editor, collab-main's lock is untouched, and the page stores every keystroke", async () => {
    await editBesideMia(deployment.collaboration!, deployment.a, 'COLLAB_URL');
  });
});
