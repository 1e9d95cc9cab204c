/**
 * Docmost without collaboration Redis (`COLLAB_DISABLE_REDIS=true`, one instance): its
 * collaboration events do nothing, so its comment service sets no highlight. With Mia's editor
 * open on her page: her agent's anchored comment is made within seconds, its mark over exactly
 * the selection in her editor's document; the viewer's agent comment (viewer comments allowed)
 * is refused with no row; and her agent's `resolveComment` flips the mark's `resolved` flag in
 * her editor.
 */
import type { LiveEditor } from '../../dev/collaboration/live-editor';
import { createPage } from './docmost-api';
import { startAgentWorkspace, type AgentWorkspace } from './agent-workspace';
import { allowViewerComments, sayRuleAdaptations } from './docmost-rules';
import { settle } from './effects-observer';

let checks: AgentWorkspace;

beforeAll(async () => {
  checks = await startAgentWorkspace({
    label: 'no_collab_redis',
    env: { COLLAB_DISABLE_REDIS: 'true' },
  });
  await allowViewerComments(checks.deployment.databaseUrl, checks.work.spaceId);
  sayRuleAdaptations();
}, 600_000);

afterAll(async () => {
  await checks?.stop();
});

interface CommentMarks {
  /** The text under the thread's marks, in document order. */
  readonly text: string;
  /** The marks' `resolved` flags, each distinct value once. */
  readonly resolved: readonly boolean[];
}

/** The thread's comment marks in the editor's document as it has it now. */
function marksIn(editor: LiveEditor, commentId: string): CommentMarks {
  let text = '';
  const resolved = new Set<boolean>();
  const visit = (node: {
    text?: string;
    marks?: { type: string; attrs?: Record<string, unknown> }[];
    content?: unknown[];
  }) => {
    const mark = node.marks?.find(
      (candidate) =>
        candidate.type === 'comment' &&
        candidate.attrs?.commentId === commentId,
    );
    if (mark) {
      text += node.text ?? '';
      resolved.add(mark.attrs?.resolved === true);
    }
    for (const child of node.content ?? []) visit(child as typeof node);
  };
  visit(editor.document() as Parameters<typeof visit>[0]);
  return { text, resolved: [...resolved] };
}

describe('Docmost without collaboration Redis (COLLAB_DISABLE_REDIS=true)', () => {
  let pageId: string;
  let editor: LiveEditor;
  let threadId: string;

  beforeAll(async () => {
    pageId = (
      await createPage(checks.work.people.member.session, {
        spaceId: checks.work.spaceId,
        title: 'Without collaboration Redis',
        markdown: 'The text of this page is here.',
      })
    ).id;
    editor = await checks.openEditor('member', pageId);
  });

  it("an editor's agent comment is made within seconds, its mark over exactly the selection in the open editor", async () => {
    const started = performance.now();
    const call = await checks.agent('member', 'createComment', {
      pageId,
      content: 'Is this right?',
      selection: 'text of this',
    });
    expect(call.errorText).toBeUndefined();
    // Without the fix it waited for Docmost's mark (10 s) and failed.
    expect(performance.now() - started).toBeLessThan(8_000);
    threadId = String((call.output as { id: string }).id);
    const marks = await settle(
      async () => marksIn(editor, threadId),
      (seen) => seen.text === 'text of this',
      5_000,
    );
    expect(marks).toEqual({ text: 'text of this', resolved: [false] });
    expect(
      await checks.count(
        "select count(*) from comments where id = $1 and created_source = 'agent' and selection = 'text of this'",
        [threadId],
      ),
    ).toBe(1);
  });

  it("a viewer's agent comment is refused, naming why, and leaves no row", async () => {
    const call = await checks.agent('viewer', 'createComment', {
      pageId,
      content: 'A question',
      selection: 'page is here',
    });
    expect(call.errorText).toContain('COLLAB_DISABLE_REDIS=true');
    expect(call.errorText).toContain('no comment was created');
    expect(
      await checks.count(
        'select count(*) from comments where page_id = $1 and creator_id = $2',
        [pageId, checks.work.people.viewer.id],
      ),
    ).toBe(0);
    expect(marksIn(editor, threadId).text).toBe('text of this');
  });

  it("an editor's agent resolveComment flips the mark's resolved flag in the open editor", async () => {
    const call = await checks.agent('member', 'resolveComment', {
      commentId: threadId,
    });
    expect(call.errorText).toBeUndefined();
    expect(call.output).toMatchObject({ resolved: true, anchorUpdated: true });
    const marks = await settle(
      async () => marksIn(editor, threadId),
      (seen) => seen.resolved.includes(true),
      5_000,
    );
    expect(marks).toEqual({ text: 'text of this', resolved: [true] });
    expect(
      await checks.count(
        'select count(*) from comments where id = $1 and resolved_at is not null',
        [threadId],
      ),
    ).toBe(1);
  });
});
