/**
 * Two Docmost instances (A and B) of the mounted build on one PostgreSQL and one Redis, then
 * Docmost's collaboration in its own process (`collab-main`) with an API instance told
 * `COLLAB_URL`: Mia edits a page in a real `@hocuspocus/provider` editor, the agent works on the
 * page in a chat turn on the other process. What the outside checks promised: the agent reads
 * her unsaved typing, its edit reaches her editor, the owner's lock `collabLock:page.<id>` is
 * untouched by the agent's work, and the stored page holds every keystroke and the edit.
 */
import { randomUUID } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  openLiveEditor,
  type LiveEditor,
} from '../../dev/collaboration/live-editor';
import { textOf, whenEditorHas } from '../collaboration/support/cluster';
import { agentTurn } from './agent-chat';
import { createPage, DocmostSession } from './docmost-api';
import { recordFigure, withDatabase } from './docmost-checks';
import { Deployment } from './docmost-deployment';
import type { DocmostServer } from './docmost-process';
import { setUpPeople, type Workspace } from './docmost-people';
import { DocmostRedis } from './docmost-redis';
import { scripted, StandInModel, useStandInModel } from './stand-in-model';
import { settle } from './effects-observer';

let deployment: Deployment;
let work: Workspace;
let model: StandInModel;
let redis: DocmostRedis;

beforeAll(async () => {
  model = await StandInModel.start(scripted([]));
  deployment = await Deployment.start({ label: 'instances', instances: 2 });
  work = await setUpPeople(deployment.a.url, deployment.databaseUrl);
  await useStandInModel(work.people.owner.session, model);
  redis = DocmostRedis.connect(deployment.redis.url);
}, 600_000);

afterAll(async () => {
  await redis?.close();
  await deployment?.stop();
  await model?.close();
});

/** Mia's editor of `pageId` on the collaboration server of `server` (her token from `api`'s route). */
async function miasEditor(
  server: DocmostServer,
  api: DocmostServer,
  pageId: string,
): Promise<LiveEditor> {
  const mia = new DocmostSession(api.url, work.people.member.session.authToken);
  const { token } = await mia.call<{ token: string }>('auth/collab-token');
  return openLiveEditor({
    url: `${server.url.replace(/^http/, 'ws')}/collab`,
    pageId,
    token,
  });
}

async function storedText(pageId: string): Promise<string> {
  return withDatabase(deployment.databaseUrl, async (client) =>
    String(
      (
        await client.query('select text_content from pages where id = $1', [
          pageId,
        ])
      ).rows[0]?.text_content ?? '',
    ),
  );
}

/**
 * The whole row: Mia types on `editorOn` without saving, the agent on `agentOn` reads the page
 * and edits it, Mia types again and leaves; the lock is sampled all along.
 */
async function editBesideMia(
  editorOn: DocmostServer,
  agentOn: DocmostServer,
  label: string,
): Promise<void> {
  const page = await createPage(
    new DocmostSession(agentOn.url, work.people.member.session.authToken),
    {
      spaceId: work.spaceId,
      title: `Live page (${label})`,
      markdown: 'The text of this page is here.',
    },
  );
  const lockKey = `collabLock:page.${page.id}`;
  const editor = await miasEditor(editorOn, agentOn, page.id);
  try {
    const owner = await settle(
      () => redis.get(lockKey),
      (value) => value !== null,
    );
    expect(owner).not.toBeNull();
    const first = textOf(editor, 0);
    first.insert(first.length, ' Unsaved typing.');
    await editor.settled();
    expect(await storedText(page.id)).not.toContain('Unsaved typing');

    const locks = new Set<string | null>();
    const sampling = setInterval(
      () => void redis.get(lockKey).then((value) => locks.add(value)),
      25,
    );
    const sent = performance.now();
    let reachedAfter: number | undefined;
    const reached = whenEditorHas(
      editor,
      () =>
        editor
          .document()
          .content?.[0]?.content?.[0]?.text?.includes('words of this page') ===
        true,
      60_000,
    ).then(() => {
      reachedAfter = performance.now() - sent;
    });
    const turn = await agentTurn(
      new DocmostSession(agentOn.url, work.people.owner.session.authToken),
      model,
      {
        stepByStep: true,
        calls: [
          { name: 'getPage', arguments: { pageId: page.id } },
          {
            name: 'editPageText',
            arguments: {
              pageId: page.id,
              find: 'text of this page',
              replace: 'words of this page',
            },
          },
        ],
      },
    );
    await reached;
    clearInterval(sampling);
    locks.add(await redis.get(lockKey));
    expect(turn.tools.map((call) => call.toolName)).toEqual([
      'getPage',
      'editPageText',
    ]);
    const [read, edit] = turn.tools;
    expect(read.errorText).toBeUndefined();
    expect(JSON.stringify(read.output)).toContain('Unsaved typing.');
    expect(edit.errorText).toBeUndefined();
    expect([...locks]).toEqual([owner]);
    recordFigure(
      `${label}: the agent's edit reached the editor after the turn was sent`,
      `${Math.round(reachedAfter!)} ms (the turn took ${Math.round(turn.milliseconds)} ms)`,
    );

    const text = textOf(editor, 0);
    text.insert(text.length, ' After the agent.');
    await editor.settled();
  } finally {
    editor.close();
  }
  // Leaving stores the page (the last connection gone) and lets the lock go.
  const stored = await settle(
    () => storedText(page.id),
    (value) =>
      ['Unsaved typing.', 'words of this page', 'After the agent.'].every(
        (part) => value.includes(part),
      ),
    60_000,
  );
  expect(stored).toContain(
    'The words of this page is here. Unsaved typing. After the agent.',
  );
  expect(
    await settle(
      () => redis.get(lockKey),
      (value) => value === null,
      30_000,
    ),
  ).toBeNull();
}

describe('two instances on one PostgreSQL and one Redis', () => {
  it("the agent on B reads Mia's unsaved typing on A, its edit reaches her editor, A's lock is untouched, and the page stores every keystroke", async () => {
    await editBesideMia(deployment.a, deployment.b, 'two instances');
  });
});

/** An MCP client of the README's MCP route as `person`; each request goes where `route.to` says. */
async function mcpClient(
  authToken: string,
  route: { to: DocmostServer },
): Promise<Client> {
  const first = deployment.a.url;
  const transport = new StreamableHTTPClientTransport(
    new URL(`${first}/api/ai-tools-mcp`),
    {
      requestInit: { headers: { cookie: `authToken=${authToken}` } },
      fetch: (url, init) =>
        fetch(String(url).replace(first, route.to.url), init),
    },
  );
  const client = new Client({ name: 'docmost-checks', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

interface McpToolResult {
  readonly isError?: boolean;
  readonly content: readonly { readonly type: string; readonly text: string }[];
}

function signals(result: McpToolResult): string[] {
  return result.content
    .map((element) => element.text)
    .filter((text) => text.startsWith('[signal]'));
}

describe("the README's MCP route on two instances", () => {
  it('a session opened on A continues on B; an unknown session, or the session with another cookie, is 404 there; a comment made after a call on A is signalled once, on the next instance that counts', async () => {
    const page = await createPage(work.people.owner.session, {
      spaceId: work.spaceId,
      title: 'Watched over MCP',
      markdown: 'The text of this page is here.',
    });
    // Docmost's MCP switch (off in a new workspace): the README's route follows it.
    await work.people.owner.session.call('workspace/update', {
      mcpEnabled: true,
    });
    const route = { to: deployment.a };
    const client = await mcpClient(work.people.owner.session.authToken!, route);
    try {
      const getPage = async () =>
        (await client.callTool({
          name: 'get_page',
          arguments: { pageId: page.id },
        })) as McpToolResult;
      const onA = await getPage();
      expect(onA.isError).toBeFalsy();
      expect(signals(onA)).toEqual([]);
      const sessionId = (client.transport as StreamableHTTPClientTransport)
        .sessionId!;
      expect(sessionId).toEqual(expect.any(String));

      route.to = deployment.b;
      const onB = await getPage();
      expect(onB.isError).toBeFalsy();
      expect(onB.content[0].text).toContain('The text of this page is here.');
      const call = (authToken: string, session: string) =>
        fetch(`${deployment.b.url}/api/ai-tools-mcp`, {
          method: 'POST',
          headers: {
            cookie: `authToken=${authToken}`,
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            'mcp-session-id': session,
            'mcp-protocol-version': '2025-06-18',
          },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
        });
      expect(
        (await call(work.people.owner.session.authToken!, randomUUID())).status,
      ).toBe(404);
      expect(
        (await call(work.people.member.session.authToken!, sessionId)).status,
      ).toBe(404);

      // Mia comments through Docmost's route after the owner's calls.
      await work.people.member.session.call('comments/create', {
        pageId: page.id,
        content: JSON.stringify({
          type: 'doc',
          content: [
            {
              type: 'paragraph',
              content: [{ type: 'text', text: 'A human remark' }],
            },
          ],
        }),
      });
      // The signal's count runs at most once per debounce (the README's 20 s) per page: calls
      // before that carry nothing; the first call after it carries the comment, once.
      const marked = await settle(
        async () => signals(await getPage()),
        (found) => found.length > 0,
        45_000,
      );
      expect(marked).toEqual([
        expect.stringMatching(
          new RegExp(`^\\[signal\\] new comments: 1 on page ${page.id} `),
        ),
      ]);
      expect(marked[0]).not.toContain('A human remark');
      route.to = deployment.a;
      expect(signals(await getPage())).toEqual([]);
    } finally {
      await client.close();
    }
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
