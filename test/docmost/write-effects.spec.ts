/**
 * Docmost's effects: each write tool, asked of the agent in Docmost's own chat (the scripted
 * stand-in model calling the tool), against the same person's action through Docmost's route,
 * on a page of Mia's (a space member who made the page, so she watches it, and has the space
 * open: her socket.io connection is what her sidebar and comment list hear). The owner acts.
 * Compared: what Mia's tab receives, the jobs queued, the audit events received, the page's
 * watchers and notifications; then the agent's provenance on what it wrote. The agent's
 * permission outcomes and sharing refusals are agent-permissions.spec.ts.
 */
import { openLiveEditor } from '../../dev/collaboration/live-editor';
import { Y } from '../../src/collaboration/yjs';
import { textOf } from '../collaboration/support/cluster';
import { agentTurn, onlyCall } from './agent-chat';
import { recordedAuditEvents } from './audit-recording';
import { createPage } from './docmost-api';
import { withDatabase } from './docmost-checks';
import { Deployment } from './docmost-deployment';
import { setUpPeople, type Workspace } from './docmost-people';
import { DocmostRedis } from './docmost-redis';
import { scripted, StandInModel, useStandInModel } from './stand-in-model';
import { DocmostSocket } from './docmost-socket';
import {
  EffectsObserver,
  kinds,
  settle,
  type Effects,
} from './effects-observer';
import { PAGE_TEXT, WRITE_ROWS, type RowContext } from './write-effects';

let deployment: Deployment;
let work: Workspace;
let model: StandInModel;
let mia: DocmostSocket;
let redis: DocmostRedis;
let observer: EffectsObserver;
let context: RowContext;
/** The slug id of each page the rows made, named `<slug>` in the effects of its row. */
const slugs = new Map<string, string>();
const withSlugs = (side: {
  pages: readonly string[];
  roles: Record<string, string>;
}) => ({
  pages: side.pages,
  roles: {
    ...side.roles,
    ...Object.fromEntries(
      side.pages
        .filter((id) => slugs.has(id))
        .map((id) => [slugs.get(id)!, '<slug>']),
    ),
  },
});
/** Every chat the agent wrote in, for the provenance test. */
const agentWrites: {
  tool: string;
  chatId: string;
  output: Record<string, unknown>;
}[] = [];

beforeAll(async () => {
  model = await StandInModel.start(scripted([]));
  deployment = await Deployment.start({ label: 'effects', instances: 1 });
  work = await setUpPeople(deployment.a.url, deployment.databaseUrl);
  const { owner, member } = work.people;
  await useStandInModel(owner.session, model);
  // Every tool sent on every step, so the scripted model calls a write tool without loadTools.
  await owner.session.call('ai-tools/settings/update', {
    deferredTools: false,
  });
  redis = DocmostRedis.connect(deployment.redis.url);
  mia = await DocmostSocket.open(deployment.a.url, member.session.authToken!);
  const ids = new Map<string, string>(
    Object.values(work.people).map((someone) => [someone.id, someone.role]),
  );
  ids.set(work.spaceId, '<space>');
  ids.set(work.workspaceId, '<workspace>');
  observer = new EffectsObserver(
    mia,
    redis,
    deployment.auditFile,
    deployment.databaseUrl,
    ids,
  );
  context = {
    spaceId: work.spaceId,
    owner: owner.session,
    async newPage(title, parentPageId) {
      const page = await createPage(member.session, {
        spaceId: work.spaceId,
        title,
        markdown: PAGE_TEXT,
        parentPageId,
      });
      // Mia's tab hears her own page: the sign that her socket is in the space's room, and
      // that the page's own effects are done with before a row's mark.
      await mia.waitFor(
        (message) =>
          message.operation === 'addTreeNode' &&
          JSON.stringify(message).includes(page.id),
      );
      await settle(
        () =>
          withDatabase(deployment.databaseUrl, (client) =>
            client.query('select 1 from watchers where page_id = $1', [
              page.id,
            ]),
          ),
        (result) => result.rowCount === 1,
      );
      slugs.set(page.id, page.slugId);
      return page.id;
    },
    async thread(pageId) {
      const thread = await owner.session.call<{ id: string }>(
        'comments/create',
        {
          pageId,
          content: JSON.stringify({
            type: 'doc',
            content: [
              {
                type: 'paragraph',
                content: [{ type: 'text', text: 'A question' }],
              },
            ],
          }),
        },
      );
      await settle(
        () =>
          withDatabase(deployment.databaseUrl, (client) =>
            client.query('select 1 from notifications where comment_id = $1', [
              thread.id,
            ]),
          ),
        (result) => result.rowCount === 1,
      );
      return thread.id;
    },
    async yjsSelection(pageId, text) {
      const { token } = await owner.session.call<{ token: string }>(
        'auth/collab-token',
      );
      const editor = await openLiveEditor({
        url: `${deployment.a.url.replace(/^http/, 'ws')}/collab`,
        pageId,
        token,
      });
      try {
        const paragraph = textOf(editor, 0);
        const at = paragraph.toString().indexOf(text);
        if (at === -1)
          throw new Error(`"${text}" is not in the page's first paragraph`);
        const position = (index: number) => {
          const json = Y.relativePositionToJSON(
            Y.createRelativePositionFromTypeIndex(paragraph, index),
          );
          return {
            type: json.type ?? null,
            tname: json.tname ?? null,
            item: json.item ?? null,
            assoc: json.assoc ?? 0,
          };
        };
        return { anchor: position(at), head: position(at + text.length) };
      } finally {
        editor.close();
      }
    },
    async share(pageId) {
      return (
        await owner.session.call<{ id: string }>('shares/create', { pageId })
      ).id;
    },
  };
}, 600_000);

afterAll(async () => {
  mia?.close();
  await redis?.close();
  await deployment?.stop();
  await model?.close();
});

/** Polls the effects until they hold every expected kind (queued work lands after the answer). */
function effectsOf(
  marks: Awaited<ReturnType<EffectsObserver['mark']>>,
  side: { pages: readonly string[]; roles: Record<string, string> },
  expected: readonly string[],
) {
  return settle(
    () => observer.since(marks, side.pages, side.roles),
    (effects: Effects) =>
      expected.every((kind) => kinds(effects).includes(kind)),
    // A comment mark is stored by Docmost's collaboration after its debounce (10 s, 45 s at most).
    60_000,
  );
}

describe("each write tool in Docmost's chat has the effects of the same person's action through Docmost's route", () => {
  it.each(WRITE_ROWS)('$tool', async (row) => {
    const { route, agent, routeRoles } = await row.prepare(context);

    const routeMarks = await observer.mark();
    const answer = await work.people.owner.session.post<
      Record<string, unknown>
    >(route.route, route.body);
    expect(answer.status).toBe(200);
    const routeSide = withSlugs({
      pages:
        route.side.pages.length > 0
          ? route.side.pages
          : [String(answer.data.id)],
      roles: { ...route.side.roles, ...routeRoles?.(answer.data) },
    });
    const byRoute = await effectsOf(routeMarks, routeSide, row.effects);

    await redis.deleteMatching('throttle:*');
    const agentMarks = await observer.mark();
    const turn = await agentTurn(work.people.owner.session, model, {
      calls: [{ name: agent.tool, arguments: agent.input }],
    });
    const call = onlyCall(turn);
    expect(call.errorText).toBeUndefined();
    const output = (call.output ?? {}) as Record<string, unknown>;
    agentWrites.push({ tool: row.tool, chatId: turn.chatId!, output });
    const agentSide = withSlugs(agent.side(output));
    const roles = { ...agentSide.roles, [turn.chatId!]: '<chat>' };
    const byAgent = await settle(
      () => observer.since(agentMarks, agentSide.pages, roles),
      (effects) =>
        JSON.stringify(effects.lines) === JSON.stringify(byRoute.lines),
      60_000,
    );

    expect(byAgent.lines).toEqual(byRoute.lines);
    expect(kinds(byRoute)).toEqual([...row.effects].sort());
  });
});

describe("the agent's provenance in Docmost", () => {
  it("the agent's comments are stored as the agent's, in its chat, by the person; the route's as the person's", async () => {
    const comments = agentWrites.filter((write) =>
      write.tool.startsWith('createComment'),
    );
    expect(comments).toHaveLength(2);
    const rows = await withDatabase(
      deployment.databaseUrl,
      async (client) =>
        (
          await client.query<{
            id: string;
            created_source: string;
            ai_chat_id: string | null;
            creator_id: string;
          }>(
            'select id, created_source, ai_chat_id, creator_id from comments where id = any($1) order by id',
            [comments.map((write) => String(write.output.id))],
          )
        ).rows,
    );
    expect(rows.map((row) => ({ ...row }))).toEqual(
      comments
        .map((write) => ({
          id: String(write.output.id),
          created_source: 'agent',
          ai_chat_id: write.chatId,
          creator_id: work.people.owner.id,
        }))
        .sort((a, b) => a.id.localeCompare(b.id)),
    );
    const byPeople = await withDatabase(
      deployment.databaseUrl,
      async (client) =>
        (
          await client.query<{ source: string }>(
            'select distinct created_source as source from comments where ai_chat_id is null',
          )
        ).rows,
    );
    expect(byPeople).toEqual([{ source: 'user' }]);
  });

  it("the agent's page is the person's, last updated by the agent", async () => {
    const created = agentWrites.find((write) => write.tool === 'createPage')!;
    const page = await withDatabase(
      deployment.databaseUrl,
      async (client) =>
        (
          await client.query(
            'select creator_id, last_updated_source from pages where id = $1',
            [String(created.output.pageId)],
          )
        ).rows[0],
    );
    expect(page).toEqual({
      creator_id: work.people.owner.id,
      last_updated_source: 'agent',
    });
  });

  it("the agent's audit events say source agent and the chat; the route's say neither", () => {
    const events = recordedAuditEvents(deployment.auditFile);
    const chats = new Set(agentWrites.map((write) => write.chatId));
    const byAgent = events.filter(
      (event) => event.payload.metadata?.source === 'agent',
    );
    expect(byAgent.length).toBeGreaterThanOrEqual(6);
    for (const event of byAgent) {
      expect(chats.has(String(event.payload.metadata?.aiChatId))).toBe(true);
      expect(event.context).toMatchObject({
        actorId: work.people.owner.id,
        workspaceId: work.workspaceId,
      });
    }
    expect(
      events.filter(
        (event) =>
          event.payload.metadata?.aiChatId !== undefined &&
          event.payload.metadata?.source !== 'agent',
      ),
    ).toEqual([]);
  });
});
