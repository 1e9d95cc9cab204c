/**
 * A stash link under Docmost's share rules: what the agent's `stashPage` hands out is a public
 * link to the page, so it is cleaned as Docmost's share view cleans a page (no comment ids, no
 * `htmlEmbed` blocks), refused as Docmost refuses a share view (sharing turned off for the
 * space, the page restricted), gone for good once refused, listed and revoked by a workspace
 * admin, and its creation and revocation are in Docmost's audit log as share events.
 */
import { randomUUID } from 'node:crypto';
import { recordedAuditEvents } from './audit-recording';
import { createPage } from './docmost-api';
import { withDatabase } from './docmost-checks';
import {
  documentOf,
  paragraph,
  startAgentWorkspace,
  type AgentWorkspace,
} from './agent-workspace';
import { restrictPage, sayRuleAdaptations, setSetting } from './docmost-rules';

let checks: AgentWorkspace;
/** The id of the comment mark on the page (a thread of Docmost's route). */
let commentId: string;
const EMBED_SOURCE = '<b>an embedded widget</b>';

beforeAll(async () => {
  checks = await startAgentWorkspace({ label: 'stash_rules' });
  sayRuleAdaptations();
}, 600_000);

afterAll(async () => {
  await checks?.stop();
});

/** A page of the owner's with a comment mark and an `htmlEmbed` block, as Docmost stores them. */
async function pageWithMarkAndEmbed(title: string): Promise<string> {
  commentId = randomUUID();
  const page = await createPage(checks.work.people.owner.session, {
    spaceId: checks.work.spaceId,
    title,
    content: documentOf(
      paragraph('Release notes: ', {
        type: 'text',
        text: 'the converter is faster',
        marks: [{ type: 'comment', attrs: { commentId, resolved: false } }],
      }),
      { type: 'htmlEmbed', attrs: { source: EMBED_SOURCE, height: null } },
      paragraph('Shipped on Monday.'),
    ),
  });
  // The stored page holds both, so their absence from a download is the stash's doing.
  const stored = await withDatabase(checks.deployment.databaseUrl, (client) =>
    client.query<{ content: unknown }>(
      'select content from pages where id = $1',
      [page.id],
    ),
  );
  const text = JSON.stringify(stored.rows[0].content);
  expect(text).toContain(commentId);
  expect(text).toContain('"htmlEmbed"');
  return page.id;
}

/** The owner's agent stashes the page; resolves with the link. */
async function stash(
  pageId: string,
  format: 'json' | 'markdown' = 'json',
): Promise<string> {
  const call = await checks.agent('owner', 'stashPage', { pageId, format });
  expect(call.errorText).toBeUndefined();
  return String((call.output as { url: string }).url);
}

const download = (url: string) => fetch(url);

describe("a stash link under Docmost's share rules", () => {
  let pageId: string;
  const links: Record<'json' | 'markdown', string> = {
    json: '',
    markdown: '',
  };

  beforeAll(async () => {
    pageId = await pageWithMarkAndEmbed('Release notes');
  });

  it('serves the page as the share view does: no comment id, no htmlEmbed, in JSON and Markdown', async () => {
    for (const format of ['json', 'markdown'] as const) {
      links[format] = await stash(pageId, format);
      const answer = await download(links[format]);
      expect(answer.status).toBe(200);
      const body = await answer.text();
      expect(body).toContain('the converter is faster');
      expect(body).toContain('Shipped on Monday.');
      expect(body).not.toContain(commentId);
      expect(body).not.toContain('data-comment-id');
      expect(body).not.toContain('htmlEmbed');
      expect(body).not.toContain('an embedded widget');
      expect(body).not.toContain(Buffer.from(EMBED_SOURCE).toString('base64'));
    }
  });

  it('is 404 once sharing is off for its space, and stays 404 once sharing is back on', async () => {
    const sharing = ['sharing', 'disabled'] as const;
    const { databaseUrl } = checks.deployment;
    await setSetting(databaseUrl, 'spaces', checks.work.spaceId, sharing, true);
    try {
      for (const url of Object.values(links))
        expect((await download(url)).status).toBe(404);
    } finally {
      await setSetting(
        databaseUrl,
        'spaces',
        checks.work.spaceId,
        sharing,
        undefined,
      );
    }
    for (const url of Object.values(links))
      expect((await download(url)).status).toBe(404);
    // Sharing is on again: a new link of the same page works.
    expect((await download(await stash(pageId))).status).toBe(200);
  });

  it('is 404 once its page is restricted', async () => {
    const restricted = await pageWithMarkAndEmbed('To be restricted');
    const url = await stash(restricted);
    expect((await download(url)).status).toBe(200);
    const { owner, admin } = checks.work.people;
    // The creator keeps access to the page: only the restriction refuses the share view.
    await restrictPage(checks.deployment.databaseUrl, restricted, [
      { userId: owner.id, role: 'writer' },
      { userId: admin.id, role: 'writer' },
    ]);
    expect((await download(url)).status).toBe(404);
  });

  it("is listed to a workspace admin (a member is refused), revoked by the admin, and audited as Docmost's share events with link 'stash'", async () => {
    const listedPage = await pageWithMarkAndEmbed('Listed and revoked');
    const url = await stash(listedPage);
    expect((await download(url)).status).toBe(200);
    const { admin, member, owner } = checks.work.people;

    expect((await member.session.post('ai-tools/stash/list', {})).status).toBe(
      403,
    );
    const list = await admin.session.call<{
      items: { id: string; pageId: string; creatorId: string }[];
    }>('ai-tools/stash/list', { limit: 100 });
    const listed = list.items.filter((item) => item.pageId === listedPage);
    expect(listed).toEqual([
      expect.objectContaining({ pageId: listedPage, creatorId: owner.id }),
    ]);

    expect(
      (
        await member.session.post('ai-tools/stash/revoke', {
          stashId: listed[0].id,
        })
      ).status,
    ).toBe(403);
    expect((await download(url)).status).toBe(200);
    expect(
      await admin.session.call('ai-tools/stash/revoke', {
        stashId: listed[0].id,
      }),
    ).toEqual({ stashId: listed[0].id, revoked: true });
    expect((await download(url)).status).toBe(404);
    const after = await admin.session.call<{ items: { id: string }[] }>(
      'ai-tools/stash/list',
      { limit: 100 },
    );
    expect(after.items.map((item) => item.id)).not.toContain(listed[0].id);

    const events = recordedAuditEvents(checks.deployment.auditFile);
    const created = events.filter(
      (event) =>
        event.payload.event === 'share.created' &&
        event.payload.metadata?.link === 'stash',
    );
    // JSON and Markdown of the first page, the new link after sharing came back, the restricted
    // page's, this one's.
    expect(created).toHaveLength(5);
    expect(
      created.find((event) => event.payload.resourceId === listed[0].id),
    ).toMatchObject({
      payload: { metadata: { pageId: listedPage } },
      context: { actorId: owner.id, workspaceId: checks.work.workspaceId },
    });
    const deleted = events.filter(
      (event) =>
        event.payload.event === 'share.deleted' &&
        event.payload.metadata?.link === 'stash',
    );
    expect(deleted).toEqual([
      expect.objectContaining({
        payload: expect.objectContaining({ resourceId: listed[0].id }),
        context: expect.objectContaining({
          actorId: admin.id,
          workspaceId: checks.work.workspaceId,
        }),
      }),
    ]);
  });
});
