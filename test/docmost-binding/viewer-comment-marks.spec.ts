import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { HOST_DOCMOST, type HostDocmost } from '../../host/docmost';
import { SEED_IDS } from '../../host/seed/seed-ids';
import { Y, type YXmlElement } from '../../src/collaboration/yjs';
import { fillFragment, ToolError, type ProseMirrorNode } from '../../src';
import { createYElement } from '../../src/collaboration/yjs-document';
import {
  commentMarkText,
  selectionPositions,
} from '../../src/collaboration/comment-selection';
import { openLiveEditor } from '../../dev/collaboration/live-editor';
import {
  eventually,
  startLivePageHost,
  type Editor,
  type LivePageHost,
} from '../collaboration/support/live-page-host';

/**
 * A new thread's highlight is set by the comment service (in Docmost, its `setCommentMark`
 * collaboration event on the page's owner), from Yjs positions the agent reads on its replica:
 * so a viewer whose space allows viewer comments comments through the agent on a page open in
 * an editor, though the collaboration server gives the viewer (and the viewer's agent) a
 * read-only connection. One host and one open page for the whole file.
 */

let host: LivePageHost;
let editor: Editor;
let viewer: { id: string; token: string };
const PAGE = SEED_IDS.pages.productHandbook;

const text = (value: string): ProseMirrorNode => ({
  type: 'text',
  text: value,
});
const paragraph = (...content: ProseMirrorNode[]): ProseMirrorNode => ({
  type: 'paragraph',
  content,
});
/** Leaves before the text (an image, a mention, a hard break), which Docmost counts its own way. */
const PAGE_CONTENT: ProseMirrorNode = {
  type: 'doc',
  content: [
    { type: 'image', attrs: { src: '/files/plan.png' } },
    paragraph(
      text('Ask '),
      {
        type: 'mention',
        attrs: { id: 'm1', label: 'Ada', entityType: 'user' },
      },
      text(' about it'),
      { type: 'hardBreak' },
      text('before Friday'),
    ),
    paragraph(text('We ship faster next week, and cheaper too')),
    paragraph(text('Last line of the page')),
  ],
};

async function addViewer(): Promise<{ id: string; token: string }> {
  const db = host.database.db;
  const id = randomUUID();
  const token = randomBytes(24).toString('hex');
  await sql`insert into users (id, name, email, role, workspace_id) values (${id}, 'Val Viewer', 'viewer@acme.test', 'member', ${SEED_IDS.workspace})`.execute(
    db,
  );
  await sql`insert into space_members (user_id, space_id, role) values (${id}, ${SEED_IDS.spaces.product}, 'reader')`.execute(
    db,
  );
  await sql`insert into api_tokens (user_id, workspace_id, name, token_hash) values (${id}, ${SEED_IDS.workspace}, 'viewer', ${createHash('sha256').update(token).digest('hex')})`.execute(
    db,
  );
  await sql`update spaces set settings = jsonb_set(coalesce(settings, '{}'::jsonb), '{comments}', '{"allowViewerComments": true}'::jsonb) where id = ${SEED_IDS.spaces.product}`.execute(
    db,
  );
  return { id, token };
}

/** The person's agent calls createComment in a chat turn; a refusal comes back as its message. */
async function comment(
  userId: string,
  input: Record<string, unknown>,
): Promise<{ id: string } | { error: string }> {
  try {
    const { output } = await host.registry.call('createComment', input, {
      userId,
      workspaceId: SEED_IDS.workspace,
      surface: 'chat',
      sessionId: randomUUID(),
    });
    return output as { id: string };
  } catch (error) {
    if (!ToolError.isToolError(error)) throw error;
    return { error: error.message };
  }
}

function commentRows() {
  return host.database.db
    .selectFrom('comments')
    .select(['id', 'creatorId', 'selection', 'type'])
    .where('pageId', '=', PAGE)
    .where('deletedAt', 'is', null)
    .execute();
}

beforeAll(async () => {
  host = await startLivePageHost();
  viewer = await addViewer();
  editor = await host.openEditor(PAGE, 'owner');
  editor.doc.transact(() => fillFragment(editor.fragment, PAGE_CONTENT));
  await editor.settled();
}, 60_000);
afterAll(async () => {
  await host?.close();
});

it('lets a viewer allowed to comment comment through the agent: the open editor shows the mark over exactly the selection', async () => {
  const created = await comment(viewer.id, {
    pageId: PAGE,
    selection: 'ship faster',
    content: 'Is this realistic?',
  });
  expect(created).toEqual(expect.objectContaining({ kind: 'thread' }));
  const { id } = created as { id: string };
  expect(await commentRows()).toContainEqual({
    id,
    creatorId: viewer.id,
    selection: 'ship faster',
    type: 'inline',
  });
  await eventually(
    () => commentMarkText(editor.fragment, id) !== '',
    5000,
    "the thread's mark in the editor",
  );
  expect(commentMarkText(editor.fragment, id)).toBe('ship faster');
});

it("marks a viewer's thread made through Docmost's route with the editor's yjsSelection the same way", async () => {
  const located = selectionPositions(editor.fragment, 'cheaper too');
  expect(located.kind).toBe('found');
  const response = await host.app.inject({
    method: 'POST',
    url: '/api/comments/create',
    headers: { authorization: `Bearer ${viewer.token}` },
    payload: {
      pageId: PAGE,
      content: JSON.stringify({
        type: 'doc',
        content: [paragraph(text('Cheaper how?'))],
      }),
      selection: 'cheaper too',
      type: 'inline',
      yjsSelection: (located as { yjsSelection: unknown }).yjsSelection,
    },
  });
  expect(response.statusCode).toBe(200);
  const { id } = response.json() as { id: string };
  await eventually(
    () => commentMarkText(editor.fragment, id) !== '',
    5000,
    "the route's thread mark in the editor",
  );
  expect(commentMarkText(editor.fragment, id)).toBe('cheaper too');
});

it("still refuses the viewer's own typing", async () => {
  const viewersEditor = await openLiveEditor({
    url: host.url,
    pageId: PAGE,
    token: viewer.token,
  });
  try {
    viewersEditor.doc.transact(() =>
      fillFragment(viewersEditor.fragment, {
        type: 'doc',
        content: [paragraph(text('Vandalised'))],
      }),
    );
    expect(viewersEditor.provider.authorizedScope).toBe('readonly');
    // The owner types after the viewer did: once the viewer's editor has the owner's change,
    // the server has taken the viewer's, and applied it nowhere.
    editor.doc.transact(() =>
      editor.fragment.insert(0, [
        createYElement(paragraph(text('Owner was here'))),
      ]),
    );
    await eventually(
      () => JSON.stringify(viewersEditor.document()).includes('Owner was here'),
      5000,
      "the owner's change in the viewer's editor",
    );
    const served = host.collaboration.hocuspocus.documents.get(`page.${PAGE}`)!;
    expect(
      JSON.stringify(served.getXmlFragment('default').toJSON()),
    ).not.toContain('Vandalised');
    expect(JSON.stringify(editor.document())).not.toContain('Vandalised');
    expect(JSON.stringify(editor.document())).toContain('ship faster');
  } finally {
    viewersEditor.close();
  }
  const edit = await host.registry
    .call(
      'editPageText',
      { pageId: PAGE, find: 'Last line', replace: 'First line' },
      {
        userId: viewer.id,
        workspaceId: SEED_IDS.workspace,
        surface: 'chat',
        sessionId: randomUUID(),
      },
    )
    .then(
      () => 'written',
      (error: Error) => error.message,
    );
  expect(edit).toMatch(/read-only/);
});

it("marks a writer's thread the same way, after the leaves of the page", async () => {
  const created = await comment(SEED_IDS.users.member, {
    pageId: PAGE,
    selection: 'before Friday',
    content: 'Which Friday?',
  });
  const { id } = created as { id: string };
  await eventually(
    () => commentMarkText(editor.fragment, id) !== '',
    5000,
    "the writer's thread mark in the editor",
  );
  expect(commentMarkText(editor.fragment, id)).toBe('before Friday');
});

it('refuses a selection that is gone, and leaves no thread', async () => {
  editor.doc.transact(() => {
    const last = editor.fragment.get(4) as unknown as {
      get(index: number): { delete(index: number, length: number): void };
    };
    last.get(0).delete(0, 'Last line'.length);
  });
  await editor.settled();
  const before = await commentRows();
  const refused = await comment(viewer.id, {
    pageId: PAGE,
    selection: 'Last line',
    content: 'Hmm',
  });
  expect(refused).toEqual({
    error: expect.stringContaining('selection "Last line" is not in the text'),
  });
  expect(await commentRows()).toEqual(before);
});

it("tells a viewer when Docmost's mark walk cannot reach the selection, and leaves no thread", async () => {
  const before = await commentRows();
  const refused = await comment(viewer.id, {
    pageId: PAGE,
    selection: 'of the page',
    content: 'Hmm',
  });
  expect(refused).toEqual({
    error: expect.stringContaining('cannot be set on page'),
  });
  expect(await commentRows()).toEqual(before);
});

it("removes a thread whose mark landed over other text with every effect of Docmost's delete route", async () => {
  const docmost = host.app.get<HostDocmost>(HOST_DOCMOST);
  const setMark = host.collaboration.setCommentMark.bind(host.collaboration);
  // Someone types inside the selection at the moment Docmost's collaboration event runs.
  const spy = jest
    .spyOn(host.collaboration, 'setCommentMark')
    .mockImplementationOnce(async (pageId, payload) => {
      editor.doc.transact(() => {
        for (const block of editor.fragment.toArray()) {
          const run = (block as YXmlElement).get?.(0);
          if (!(run instanceof Y.XmlText)) continue;
          const plain = (run.toDelta() as { insert: unknown }[])
            .map((part) => (typeof part.insert === 'string' ? part.insert : ''))
            .join('');
          const at = plain.indexOf('next week');
          if (at !== -1) run.insert(at + 'next'.length, ' working');
        }
      });
      await editor.settled();
      await setMark(pageId, payload);
    });
  try {
    const before = await commentRows();
    const mark = docmost.effects.mark();
    const refused = await comment(viewer.id, {
      pageId: PAGE,
      selection: 'next week',
      content: 'Which week?',
    });
    expect(refused).toEqual({
      error: expect.stringContaining('the comment was removed again'),
    });
    expect(await commentRows()).toEqual(before);
    const effects = docmost.effects.since(mark);
    const created = effects.find((effect) => effect.name === 'commentCreated');
    expect(
      effects
        .filter((effect) => effect.kind === 'ws' || effect.kind === 'audit')
        .map((effect) => `${effect.kind} ${effect.name} ${effect.subjectId}`),
    ).toEqual([
      `ws commentCreated ${created!.subjectId}`,
      `audit comment.created ${created!.subjectId}`,
      `ws commentDeleted ${created!.subjectId}`,
      `audit comment.deleted ${created!.subjectId}`,
    ]);
  } finally {
    spy.mockRestore();
  }
});
