import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { HOST_DOCMOST, type HostDocmost } from '../../host/docmost';
import { SEED_IDS } from '../../host/seed/seed-ids';
import { fillFragment, ToolError, type ProseMirrorNode } from '../../src';
import { commentMarkText } from '../../src/collaboration/comment-selection';
import {
  eventually,
  startLivePageHost,
  type Editor,
  type LivePageHost,
} from '../collaboration/support/live-page-host';

/**
 * Docmost with `COLLAB_DISABLE_REDIS=true` (one instance, no collaboration Redis): its
 * `CollaborationGateway.handleYjsEvent` does nothing, so `CommentService` sets no comment mark
 * from `yjsSelection` and changes none on resolve. The reference host runs the same way with
 * the same variable. An editor's agent still anchors its threads (through its own connection);
 * a viewer's, whose connection is read-only, is refused before anything is created; a resolve
 * reports a highlight change only when one happened. One host and one open page for the file.
 */

let host: LivePageHost;
let docmost: HostDocmost;
let editor: Editor;
let viewer: string;
const PAGE = SEED_IDS.pages.productHandbook;

const paragraph = (value: string): ProseMirrorNode => ({
  type: 'paragraph',
  content: [{ type: 'text', text: value }],
});

async function addViewer(): Promise<string> {
  const db = host.database.db;
  const id = randomUUID();
  await sql`insert into users (id, name, email, role, workspace_id) values (${id}, 'Val Viewer', 'viewer@acme.test', 'member', ${SEED_IDS.workspace})`.execute(
    db,
  );
  await sql`insert into space_members (user_id, space_id, role) values (${id}, ${SEED_IDS.spaces.product}, 'reader')`.execute(
    db,
  );
  await sql`insert into api_tokens (user_id, workspace_id, name, token_hash) values (${id}, ${SEED_IDS.workspace}, 'viewer', ${createHash('sha256').update(randomBytes(24).toString('hex')).digest('hex')})`.execute(
    db,
  );
  await sql`update spaces set settings = jsonb_set(coalesce(settings, '{}'::jsonb), '{comments}', '{"allowViewerComments": true}'::jsonb) where id = ${SEED_IDS.spaces.product}`.execute(
    db,
  );
  return id;
}

/** The person's agent calls a tool in a chat turn; a refusal comes back as its message. */
async function call(
  userId: string,
  name: string,
  input: Record<string, unknown>,
): Promise<Record<string, unknown> | { error: string }> {
  try {
    const { output } = await host.registry.call(name, input, {
      userId,
      workspaceId: SEED_IDS.workspace,
      surface: 'chat',
      sessionId: randomUUID(),
    });
    return output as Record<string, unknown>;
  } catch (error) {
    if (!ToolError.isToolError(error)) throw error;
    return { error: error.message };
  }
}

function commentIds(): Promise<string[]> {
  return host.database.db
    .selectFrom('comments')
    .select('id')
    .where('pageId', '=', PAGE)
    .execute()
    .then((rows) => rows.map((row) => row.id));
}

/** The `resolved` flags of the thread's marks in the editor's document. */
function markFlags(commentId: string): boolean[] {
  const flags: boolean[] = [];
  const visit = (node: ProseMirrorNode) => {
    for (const mark of node.marks ?? [])
      if (mark.type === 'comment' && mark.attrs?.commentId === commentId)
        flags.push(mark.attrs.resolved === true);
    for (const child of node.content ?? []) visit(child);
  };
  visit(editor.document());
  return flags;
}

beforeAll(async () => {
  host = await startLivePageHost({ env: { COLLAB_DISABLE_REDIS: 'true' } });
  docmost = host.app.get<HostDocmost>(HOST_DOCMOST);
  viewer = await addViewer();
  editor = await host.openEditor(PAGE, 'owner');
  editor.doc.transact(() =>
    fillFragment(editor.fragment, {
      type: 'doc',
      content: [
        paragraph('We ship faster next week'),
        paragraph('and cheaper too'),
      ],
    }),
  );
  await editor.settled();
}, 60_000);
afterAll(async () => {
  await host?.close();
});

it("anchors an editor's thread on the open page though Docmost's comment service sets no mark", async () => {
  const mark = docmost.effects.mark();
  const created = await call(SEED_IDS.users.owner, 'createComment', {
    pageId: PAGE,
    selection: 'ship faster',
    content: 'Is this realistic?',
  });
  expect(created).toEqual(expect.objectContaining({ kind: 'thread' }));
  const id = (created as { id: string }).id;
  await eventually(
    () => commentMarkText(editor.fragment, id) !== '',
    5000,
    "the thread's mark in the editor",
  );
  expect(commentMarkText(editor.fragment, id)).toBe('ship faster');
  const told = docmost.effects
    .since(mark)
    .filter((effect) => effect.kind === 'ws')
    .map((effect) => `${effect.name} ${effect.subjectId}`);
  expect(told).toEqual([`commentCreated ${id}`]);
});

it("refuses a viewer's thread before anything is created: no row, no event, no notification", async () => {
  const before = await commentIds();
  const mark = docmost.effects.mark();
  const refused = await call(viewer, 'createComment', {
    pageId: PAGE,
    selection: 'cheaper too',
    content: 'Cheaper how?',
  });
  expect(refused).toEqual({
    error: expect.stringContaining('you may comment but not edit there'),
  });
  expect((refused as { error: string }).error).toContain(
    'COLLAB_DISABLE_REDIS',
  );
  expect(await commentIds()).toEqual(before);
  expect(docmost.effects.since(mark)).toEqual([]);
});

it('reports the highlight changed on resolve only when it did', async () => {
  const created = await call(SEED_IDS.users.owner, 'createComment', {
    pageId: PAGE,
    selection: 'next week',
    content: 'Which week?',
  });
  const id = (created as { id: string }).id;
  await eventually(() => markFlags(id).length > 0, 5000, 'the new mark');
  // The viewer may comment, not edit: nothing can change the highlight for them here.
  const byViewer = await call(viewer, 'resolveComment', {
    commentId: id,
    resolved: true,
  });
  expect(byViewer).toEqual(
    expect.objectContaining({ changed: true, anchorUpdated: false }),
  );
  expect((byViewer as { message: string }).message).toContain(
    'still shows it open',
  );
  expect(markFlags(id)).toEqual([false]);
  // The owner reopens and resolves again: the package sets the flag through its connection.
  await call(SEED_IDS.users.owner, 'resolveComment', {
    commentId: id,
    resolved: false,
  });
  const byOwner = await call(SEED_IDS.users.owner, 'resolveComment', {
    commentId: id,
    resolved: true,
  });
  expect(byOwner).toEqual(
    expect.objectContaining({ changed: true, anchorUpdated: true }),
  );
  await eventually(
    () => markFlags(id).every(Boolean),
    5000,
    'the resolved flag in the editor',
  );
  expect(markFlags(id)).toEqual([true]);
});
