/**
 * One Docmost instance with the README's mount, driven as its people use it: the module's
 * settings routes, deferred tools ON and OFF in Docmost's own chat (its `ai` 6.0.134, its chat
 * route, the model in its AI settings), a stash link, the comment signal counted on Docmost's
 * raw DATABASE_URL (`?schema=public`), and live edits on a page a person has open in an editor
 * of Docmost's `/collab`.
 */

/** Resolves once `check` holds, polling; rejects naming `what` after `timeoutMs`. */
async function eventually(
  check: () => boolean,
  what: string,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline)
      throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The text of the editor's first paragraph, where the person types. */
function firstParagraph(editor: LiveEditor): YXmlText {
  return (editor.fragment.get(0) as YXmlElement).get(0) as YXmlText;
}
import { extractText } from '../../src/document';
import type { YXmlElement, YXmlText } from '../../src/collaboration/yjs';
import {
  openLiveEditor,
  type LiveEditor,
} from '../../dev/collaboration/live-editor';
import {
  startRedisServer,
  type RedisServerUnderTest,
} from '../support/redis-server';
import {
  createComment,
  createPage,
  DocmostSession,
  listSpaces,
  setUpWorkspace,
  type DocmostPage,
} from './docmost-api';
import { emptyDatabase, preparedDocmost, withDatabase } from './docmost-checks';
import { DocmostServer, newAppSecret } from './docmost-process';
import {
  chatTurn,
  clearDocmostThrottles,
  scripted,
  StandInModel,
  systemPrompt,
  toolNames,
  toolResults,
  useStandInModel,
} from './stand-in-model';

const prepared = preparedDocmost();

describe('one Docmost instance with the mount', () => {
  let redis: RedisServerUnderTest;
  let model: StandInModel;
  let server: DocmostServer;
  let databaseUrl: string;
  let owner: DocmostSession;
  let member: DocmostSession;
  let page: DocmostPage;
  let space: { id: string };
  const editors: LiveEditor[] = [];

  /** A chat turn of the owner's, Docmost's request limits cleared first. */
  async function turn(
    session: DocmostSession,
    message: Parameters<typeof chatTurn>[1],
  ): ReturnType<typeof chatTurn> {
    await clearDocmostThrottles(redis.url);
    return chatTurn(session, message);
  }

  /** The owner's editor of a page, a client of Docmost's /collab with its collab token. */
  async function openEditor(pageId: string): Promise<LiveEditor> {
    const { token } = await owner.call<{ token: string }>('auth/collab-token');
    const editor = await openLiveEditor({
      url: `${server.url.replace(/^http/, 'ws')}/collab`,
      pageId,
      token,
      timeoutMs: 30_000,
    });
    editors.push(editor);
    return editor;
  }

  /** A member invited by the owner, accepted through Docmost's own invitation route. */
  async function inviteMember(): Promise<DocmostSession> {
    await owner.call('workspace/invites/create', {
      emails: ['mia@example.com'],
      role: 'member',
      groupIds: [],
    });
    const invitation = await withDatabase(databaseUrl, (client) =>
      client.query<{ id: string; token: string }>(
        "select id, token from workspace_invitations where email = 'mia@example.com'",
      ),
    );
    const session = new DocmostSession(server.url);
    await session.call('workspace/invites/accept', {
      invitationId: invitation.rows[0].id,
      token: invitation.rows[0].token,
      name: 'Mia Member',
      password: 'a long password 2',
    });
    if (session.authToken === undefined)
      throw new Error('the accepted invitation signed Mia in without a cookie');
    return session;
  }

  beforeAll(async () => {
    redis = await startRedisServer();
    model = await StandInModel.start(scripted([]));
    databaseUrl = await emptyDatabase('one_instance');
    server = await DocmostServer.start({
      name: 'one-instance',
      serverDirectory: prepared.mountedServerDirectory,
      preloads: prepared.preloads,
      databaseUrl,
      redisUrl: redis.url,
      appSecret: newAppSecret(),
    });
    owner = (
      await setUpWorkspace(
        server.url,
        {
          name: 'Olga Owner',
          email: 'olga@example.com',
          password: 'a long password 1',
        },
        'One instance',
      )
    ).session;
    member = await inviteMember();
    [space] = await listSpaces(owner);
    page = await createPage(owner, {
      spaceId: space.id,
      title: 'Release notes',
      markdown: 'Version 2.0 ships the new editor.',
    });
    await useStandInModel(owner, model);
  });

  afterAll(async () => {
    for (const editor of editors) editor.close();
    await server?.stop();
    await model?.close();
    await redis?.stop();
  });

  test("the module's settings routes under Docmost's guard and envelope: the owner reads and changes the switch (200), a member reads it and is refused a change (403)", async () => {
    const read = await owner.post<{ deferredTools: boolean }>(
      'ai-tools/settings/info',
    );
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ success: true, status: 200 });
    const changed = await owner.post<{ deferredTools: boolean }>(
      'ai-tools/settings/update',
      {
        deferredTools: false,
      },
    );
    expect(changed).toMatchObject({
      status: 200,
      data: { deferredTools: false },
    });
    expect((await member.post('ai-tools/settings/info')).status).toBe(200);
    const refused = await member.post('ai-tools/settings/update', {
      deferredTools: true,
    });
    expect(refused.status).toBe(403);
    const anonymous = await new DocmostSession(server.url).post(
      'ai-tools/settings/info',
    );
    expect(anonymous.status).toBe(401);
    expect(
      (await owner.call<{ deferredTools: boolean }>('ai-tools/settings/info'))
        .deferredTools,
    ).toBe(false);
  });

  test("deferred tools ON and OFF in Docmost's own chat: what the model is sent follows the switch", async () => {
    await owner.call('ai-tools/settings/update', { deferredTools: true });
    model.answerWith(scripted([]));
    model.clearRequests();
    await turn(owner, { text: 'What is on this page?' });
    const on = model.requests[0];
    expect(toolNames(on)).toContain('loadTools');
    expect(systemPrompt(on)).toContain('<tool_catalog');
    expect(systemPrompt(on)).toContain('</tool_catalog>');

    await owner.call('ai-tools/settings/update', { deferredTools: false });
    model.clearRequests();
    await turn(owner, { text: 'What is on this page?' });
    const off = model.requests[0];
    expect(toolNames(off)).not.toContain('loadTools');
    expect(systemPrompt(off)).not.toContain('<tool_catalog');
    expect(toolNames(off)).toEqual(
      expect.arrayContaining(['stashPage', 'getPage', 'createComment']),
    );
    expect(toolNames(off).length).toBeGreaterThan(toolNames(on).length);
  });

  test('stashPage in a chat turn gives a link that downloads the page without signing in', async () => {
    await owner.call('ai-tools/settings/update', { deferredTools: false });
    model.answerWith(
      scripted([
        {
          toolCalls: [
            {
              name: 'stashPage',
              arguments: { pageId: page.id, format: 'markdown' },
            },
          ],
        },
        { text: 'Stashed.' },
      ]),
    );
    model.clearRequests();
    await turn(owner, {
      text: 'Stash the release notes for the converter.',
    });
    const result = toolResults(model.requests[1]).join('\n');
    const url = /https?:\/\/[^\s"\\]+\/api\/ai-tools\/stash\/[^\s"\\]+/.exec(
      result,
    )?.[0];
    expect(url).toBeDefined();
    expect(url!.startsWith(server.url)).toBe(true);
    const download = await fetch(url!);
    expect(download.status).toBe(200);
    expect(await download.text()).toContain(
      'Version 2.0 ships the new editor.',
    );
  });

  test("the comment signal: a person's comment made after the agent read the page reaches the agent's next tool result, counted on Docmost's DATABASE_URL", async () => {
    await owner.call('ai-tools/settings/update', { deferredTools: false });
    model.answerWith(
      scripted([
        { toolCalls: [{ name: 'getPage', arguments: { pageId: page.id } }] },
        { text: 'Read.' },
      ]),
    );
    model.clearRequests();
    const first = await turn(owner, { text: 'Read the release notes.' });
    expect(first.chatId).toBeDefined();
    expect(toolResults(model.requests[1]).join('\n')).not.toContain('[signal]');

    await createComment(member, page.id, 'Is the date right?');

    model.answerWith(
      scripted([
        { toolCalls: [{ name: 'getPage', arguments: { pageId: page.id } }] },
        { text: 'Read again.' },
      ]),
    );
    model.clearRequests();
    await turn(owner, { text: 'Read them again.', chatId: first.chatId });
    const results = toolResults(model.requests[1]).join('\n');
    expect(results).toContain(`[signal] new comments: 1 on page ${page.id}`);
    expect(results).not.toContain('Is the date right?');
  });

  test("live edits: the agent's edit merges beside a person's unsaved typing in the open editor", async () => {
    await owner.call('ai-tools/settings/update', { deferredTools: false });
    const live = await createPage(owner, {
      spaceId: space.id,
      title: 'Live page',
      markdown: 'The agent fixes the speling here.\n\nA second paragraph.',
    });
    const editor = await openEditor(live.id);
    firstParagraph(editor).insert(0, 'Typed live: ');
    await editor.settled();
    model.answerWith(
      scripted([
        {
          toolCalls: [
            {
              name: 'editPageText',
              arguments: {
                pageId: live.id,
                find: 'speling',
                replace: 'spelling',
              },
            },
          ],
        },
        { text: 'Fixed.' },
      ]),
    );
    model.clearRequests();
    await turn(owner, { text: 'Fix the typo.', openPageId: live.id });
    expect(toolResults(model.requests[1]).join('\n')).not.toMatch(
      /"isError":\s*true|conflict/,
    );
    await eventually(
      () => extractText(editor.document()).includes('fixes the spelling here'),
      "the agent's edit in the open editor",
    );
    expect(extractText(editor.document())).toContain(
      'Typed live: The agent fixes the spelling here.',
    );
  });

  test('live edits: a write based on a read the person has typed over since is refused as a conflict, and the typing stays', async () => {
    await owner.call('ai-tools/settings/update', { deferredTools: false });
    const live = await createPage(owner, {
      spaceId: space.id,
      title: 'Stale read',
      markdown: 'The paragraph the agent rewrites.\n\nAnother paragraph.',
    });
    const editor = await openEditor(live.id);
    model.answerWith(async (body, index) => {
      if (index === 0)
        return {
          toolCalls: [{ name: 'getPageJson', arguments: { pageId: live.id } }],
        };
      if (index === 1) {
        const read = JSON.parse(toolResults({ raw: '', body }).at(-1)!) as {
          version: string;
          content: { content: { type: string; attrs?: unknown }[] };
        };
        // The person types into the block after the agent read it, before its write.
        firstParagraph(editor).insert(0, 'Typed after the read: ');
        await editor.settled();
        const [first, ...rest] = read.content.content;
        const changed = {
          ...read.content,
          content: [
            { ...first, content: [{ type: 'text', text: 'Rewritten.' }] },
            ...rest,
          ],
        };
        return {
          toolCalls: [
            {
              name: 'updatePageJson',
              arguments: {
                pageId: live.id,
                doc: changed,
                baseVersion: read.version,
              },
            },
          ],
        };
      }
      return { text: 'Done.' };
    });
    model.clearRequests();
    await turn(owner, {
      text: 'Rewrite the first paragraph.',
      openPageId: live.id,
    });
    // The module's conflict, as the model reads it.
    expect(toolResults(model.requests[2]).at(-1)).toMatch(
      /changed by someone else.*nothing was written/,
    );
    expect(extractText(editor.document())).toContain(
      'Typed after the read: The paragraph the agent rewrites.',
    );
    expect(extractText(editor.document())).not.toContain('Rewritten.');
  });
});
