import { randomUUID } from 'node:crypto';
import { ForbiddenException } from '@nestjs/common';
import type { JsonValue } from '../../src/database';
import { documentToMarkdown, type ProseMirrorNode } from '../../src/document';
import type { StashPageResult } from '../../src/tools/content';
import { SEED_IDS } from '../../host/seed/seed-ids';
import {
  commented,
  doc,
  paragraph,
} from '../../host/seed/prosemirror-builders';
import { restrictPage } from '../permissions/support/restricted-pages';
import {
  BindingHost,
  type Person,
} from '../docmost-binding/support/binding-host';

/**
 * Stash links under Docmost's share rules, on the reference host with its Docmost-like services
 * bound (`docmostServices`): every download decided as Docmost decides a share view, the
 * snapshot cleaned as its share view cleans a page, the links listed and revoked by admins, and
 * their creation and revocation in the audit log.
 */
let host: BindingHost;
beforeAll(async () => {
  host = await BindingHost.start();
}, 60_000);
afterAll(async () => {
  await host?.close();
});

async function stash(
  pageId: string,
  format: 'json' | 'markdown' = 'json',
  person: Person = 'owner',
): Promise<StashPageResult> {
  const made = await host.agent(person, 'stashPage', { pageId, format });
  if (!made.ok) throw new Error(`stashPage failed: ${String(made.value)}`);
  return made.value as StashPageResult;
}

function download(url: string) {
  return host.app.inject({ method: 'GET', url: new URL(url).pathname });
}

function adminRoute(person: Person, path: string, body: unknown) {
  return host.app.inject({
    method: 'POST',
    url: `/api/ai-tools/stash/${path}`,
    headers: {
      authorization: `Bearer ${host.users[person].token}`,
      'content-type': 'application/json',
    },
    payload: JSON.stringify(body),
  });
}

async function setContent(pageId: string, content: ProseMirrorNode) {
  await host.database.db
    .updateTable('pages')
    .set({ content: content as unknown as JsonValue })
    .where('id', '=', pageId)
    .execute();
}

const NOT_FOUND = {
  statusCode: 404,
  error: 'Not Found',
  message:
    'No stash at this URL: the link is wrong, or it expired and was removed. Ask for a new link (stashPage).',
};

describe.each([
  { level: 'workspace', table: 'workspaces', id: SEED_IDS.workspace },
  { level: 'space', table: 'spaces', id: SEED_IDS.spaces.product },
] as const)('sharing turned off for the $level', ({ table, id }) => {
  afterEach(async () => {
    await host.setSetting(table, id, ['sharing', 'disabled'], undefined);
  });

  it('stops the link made before, for good: it stays gone when sharing is turned on again', async () => {
    const link = await stash(await host.newPage('Shared, then not'));
    expect((await download(link.url)).statusCode).toBe(200);

    await host.setSetting(table, id, ['sharing', 'disabled'], true);
    const refused = await download(link.url);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual(NOT_FOUND);

    // As Docmost deletes the shares of a workspace or space whose sharing is turned off.
    await host.setSetting(table, id, ['sharing', 'disabled'], false);
    expect((await download(link.url)).statusCode).toBe(404);
  });
});

it('stops a link once its page, or a parent of it, is restricted', async () => {
  const parent = await host.newPage('Open parent');
  const child = await host.newPage('Open child', parent);
  const ofParent = await stash(parent);
  const ofChild = await stash(child, 'markdown');
  expect((await download(ofChild.url)).statusCode).toBe(200);

  // The owner who made both links keeps access: the restriction alone stops them.
  await restrictPage(host.database.db, parent);
  expect((await download(ofParent.url)).statusCode).toBe(404);
  expect((await download(ofChild.url)).statusCode).toBe(404);
});

it('asks the bound PageAccessService on every download, and stops the link when it refuses the creator', async () => {
  const pageId = await host.newPage('Decided by the service');
  const link = await stash(pageId, 'json', 'member');
  const decide = jest.spyOn(
    host.docmost.pageAccessService,
    'validateCanViewWithPermissions',
  );
  try {
    expect((await download(link.url)).statusCode).toBe(200);
    expect(decide).toHaveBeenCalledWith(
      expect.objectContaining({ id: pageId }),
      expect.objectContaining({ id: host.users.member.id }),
    );
    decide.mockRejectedValueOnce(new ForbiddenException());
    expect((await download(link.url)).statusCode).toBe(404);
  } finally {
    decide.mockRestore();
  }
  expect((await download(link.url)).statusCode).toBe(404);
});

it("stops the link at once when its page is restricted while the bound PageAccessService still answers from its cache, as Docmost's share view does", async () => {
  const pageId = await host.newPage('Restricted under a cached answer');
  const link = await stash(pageId);
  expect((await download(link.url)).statusCode).toBe(200);
  // Docmost's PageAccessService keeps its answer for 5 s (its permission cache): here it
  // still says what it said before the restriction.
  const decide = jest
    .spyOn(host.docmost.pageAccessService, 'validateCanViewWithPermissions')
    .mockResolvedValue({ canEdit: true, hasRestriction: false });
  try {
    await restrictPage(host.database.db, pageId);
    expect((await download(link.url)).statusCode).toBe(404);
    expect(decide).toHaveBeenCalled();
  } finally {
    decide.mockRestore();
  }
});

describe("the snapshot, as Docmost's share view serves a page", () => {
  const commentId = randomUUID();
  const page = doc(
    paragraph(
      'launchpara01',
      'Launch on ',
      commented('Tuesday', commentId),
      ' after the review.',
    ),
    { type: 'htmlEmbed', attrs: { height: 240 } },
    {
      type: 'columns',
      content: [
        {
          type: 'column',
          content: [{ type: 'htmlEmbed', attrs: { height: 120 } }],
        },
        {
          type: 'column',
          content: [paragraph('rightcolumn1', 'Right column')],
        },
      ],
    },
  );

  it('has no comment marks and no HTML embeds, as JSON and as Markdown, and keeps the text', async () => {
    const pageId = await host.newPage('With a thread and an embed');
    await setContent(pageId, page);
    // What the page's own Markdown carries: the anchor and the embed.
    const unclean = documentToMarkdown(page);
    expect(unclean).toContain(`data-comment-id="${commentId}"`);
    expect(unclean).toContain('htmlEmbed');

    const json = (await download((await stash(pageId)).url)).body;
    expect(json).not.toContain(commentId);
    expect(json).not.toContain('"comment"');
    expect(json).not.toContain('htmlEmbed');
    const content = JSON.parse(json).content as ProseMirrorNode;
    expect(content.content![0]).toEqual(
      paragraph('launchpara01', 'Launch on Tuesday after the review.'),
    );
    // A column left without blocks keeps an empty paragraph, as the editor's schema wants.
    expect(content.content![1]!.content![0]).toEqual({
      type: 'column',
      content: [{ type: 'paragraph' }],
    });

    const markdown = (await download((await stash(pageId, 'markdown')).url))
      .body;
    expect(markdown).not.toContain('data-comment-id');
    expect(markdown).not.toContain(commentId);
    expect(markdown).not.toContain('htmlEmbed');
    expect(markdown).toContain('Launch on Tuesday after the review.');
    expect(markdown).toContain('Right column');
  });
});

describe('the admins’ list and revocation', () => {
  it('lists the workspace’s live links without key or content, revokes one, and records both ends in the audit log', async () => {
    const pageId = await host.newPage('Listed and revoked');
    const audit = host.docmost.auditService;
    const before = audit.entries().length;
    const link = await stash(pageId, 'markdown', 'member');
    const key = link.url.split('/').at(-1)!;

    const listed = await adminRoute('admin', 'list', {});
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(key);
    const item = (
      listed.json() as { items: { id: string; pageId: string }[] }
    ).items.find((entry) => entry.pageId === pageId);
    expect(item).toEqual({
      id: expect.any(String),
      pageId,
      pageTitle: 'Listed and revoked',
      spaceId: SEED_IDS.spaces.product,
      creatorId: host.users.member.id,
      creatorName: expect.any(String),
      format: 'markdown',
      fileName: 'listed-and-revoked.md',
      bytes: link.bytes,
      createdAt: expect.any(String),
      expiresAt: link.expiresAt,
    });

    const revoked = await adminRoute('admin', 'revoke', { stashId: item!.id });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ stashId: item!.id, revoked: true });
    expect((await download(link.url)).statusCode).toBe(404);
    expect(
      (await adminRoute('admin', 'revoke', { stashId: item!.id })).statusCode,
    ).toBe(404);

    expect(audit.entries().slice(before)).toEqual([
      {
        payload: {
          event: 'share.created',
          resourceType: 'share',
          resourceId: item!.id,
          spaceId: SEED_IDS.spaces.product,
          metadata: {
            pageId,
            spaceId: SEED_IDS.spaces.product,
            link: 'stash',
            format: 'markdown',
            expiresAt: link.expiresAt,
            source: 'agent',
            aiChatId: null,
          },
        },
        context: {
          workspaceId: SEED_IDS.workspace,
          actorId: host.users.member.id,
          actorType: 'user',
        },
      },
      {
        payload: {
          event: 'share.deleted',
          resourceType: 'share',
          resourceId: item!.id,
          spaceId: SEED_IDS.spaces.product,
          changes: {
            before: { pageId, spaceId: SEED_IDS.spaces.product },
          },
          metadata: { link: 'stash' },
        },
        context: {
          workspaceId: SEED_IDS.workspace,
          actorId: host.users.admin.id,
          actorType: 'user',
        },
      },
    ]);
  });

  it('pages the list newest first with a cursor', async () => {
    const pageId = await host.newPage('Paged');
    const made = [];
    for (let index = 0; index < 3; index++) made.push(await stash(pageId));
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const response = await adminRoute('owner', 'list', {
        limit: 2,
        ...(cursor === undefined ? {} : { cursor }),
      });
      expect(response.statusCode).toBe(200);
      const page = response.json() as {
        items: { id: string; pageId: string; createdAt: string }[];
        meta: {
          limit: number;
          hasNextPage: boolean;
          nextCursor: string | null;
        };
      };
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.meta.nextCursor ?? undefined;
      expect(page.meta.hasNextPage).toBe(cursor !== undefined);
    } while (cursor !== undefined);
    expect(new Set(seen).size).toBe(seen.length);
    const all = (await adminRoute('owner', 'list', { limit: 100 })).json() as {
      items: { id: string }[];
    };
    expect(seen).toEqual(all.items.map((item) => item.id));
    expect(made).toHaveLength(3);
  });

  it('refuses members, and says what a bad body should be', async () => {
    for (const path of ['list', 'revoke']) {
      const refused = await adminRoute('member', path, {});
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toMatch(
        /^Only workspace owners and admins can (list|revoke) stash links; your role is "member"$/,
      );
    }
    const badLimit = await adminRoute('admin', 'list', { limit: 0 });
    expect(badLimit.statusCode).toBe(400);
    expect(badLimit.json()).toMatchObject({
      field: 'limit',
      message: 'limit: expected a whole number from 1 to 100',
    });
    const badCursor = await adminRoute('admin', 'list', { cursor: 'nope' });
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json()).toMatchObject({ field: 'cursor' });
    const badId = await adminRoute('admin', 'revoke', { stashId: 'x' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toBe(
      'stashId: expected the id of a stash link (a UUID, "id" in the list), got string "x"',
    );
    const unknown = await adminRoute('admin', 'revoke', {
      stashId: randomUUID(),
    });
    expect(unknown.statusCode).toBe(404);
  });
});
