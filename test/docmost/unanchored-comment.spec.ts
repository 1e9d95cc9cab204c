/**
 * An agent comment that cannot be anchored leaves nothing behind: Mia (a member, who made the
 * pages and so watches them) has the space open over socket.io; the owner's agent comments on a
 * selection an open editor has just typed over, and the viewer's agent (viewer comments allowed)
 * on a spot Docmost's mark cannot reach (the end of a block after a line break). Each call fails;
 * Mia's tab hears no `commentCreated`, no `comments` row and no new `notifications` row is left.
 * Then an anchorable comment of the owner's agent shows that each of these would have been seen.
 */
import { textOf } from '../collaboration/support/cluster';
import { createPage } from './docmost-api';
import {
  documentOf,
  paragraph,
  startAgentWorkspace,
  type AgentWorkspace,
} from './agent-workspace';
import { allowViewerComments, sayRuleAdaptations } from './docmost-rules';
import { DocmostSocket } from './docmost-socket';
import { settle } from './effects-observer';

let checks: AgentWorkspace;
let mia: DocmostSocket;

beforeAll(async () => {
  checks = await startAgentWorkspace({ label: 'unanchored' });
  mia = await DocmostSocket.open(
    checks.deployment.a.url,
    checks.work.people.member.session.authToken!,
  );
  await allowViewerComments(checks.deployment.databaseUrl, checks.work.spaceId);
  sayRuleAdaptations();
}, 600_000);

afterAll(async () => {
  mia?.close();
  await checks?.stop();
});

/** A page of Mia's; resolves once her tab heard it (her socket is in the space's room). */
async function miasPage(title: string, content: object): Promise<string> {
  const page = await createPage(checks.work.people.member.session, {
    spaceId: checks.work.spaceId,
    title,
    content,
  });
  await mia.waitFor(
    (message) =>
      message.operation === 'addTreeNode' &&
      JSON.stringify(message).includes(page.id),
  );
  // Mia watches her page: a comment on it would notify her.
  const watching = await settle(
    () =>
      checks.count(
        'select count(*) from watchers where page_id = $1 and user_id = $2',
        [page.id, checks.work.people.member.id],
      ),
    (count) => count === 1,
  );
  expect(watching).toBe(1);
  return page.id;
}

const commentEvents = (mark: number) =>
  mia
    .since(mark)
    .filter((message) => /^comment/.test(message.operation))
    .map((message) => message.operation);

describe('an agent comment that cannot be anchored leaves nothing behind in Docmost', () => {
  it("no thread on Mia's open page, no comments row, no notification; an anchorable one has all three", async () => {
    const typedOver = await miasPage(
      'Typed over',
      documentOf(paragraph('The text of this page is here.')),
    );
    const afterBreak = await miasPage(
      'After a line break',
      documentOf(paragraph('Start', { type: 'hardBreak' }, 'the last words')),
    );
    // The owner's editor types over "text of " without saving: the live page no longer has it.
    const editor = await checks.openEditor('owner', typedOver);
    const text = textOf(editor, 0);
    text.delete(text.toString().indexOf('text of '), 'text of '.length);
    await editor.settled();
    expect(text.toString()).toBe('The this page is here.');
    // The viewer's page is open too: Docmost's collaboration would set the viewer's mark.
    await checks.openEditor('owner', afterBreak);

    const notificationsBefore = await checks.count(
      'select count(*) from notifications',
    );
    const mark = mia.mark();
    const gone = await checks.agent('owner', 'createComment', {
      pageId: typedOver,
      content: 'Is this right?',
      selection: 'text of this',
    });
    // Read from the live page (what the open editor has), not from the last store.
    expect(gone.errorText).toContain(
      `selection "text of this" is not in the text of page ${typedOver}`,
    );
    const unreachable = await checks.agent('viewer', 'createComment', {
      pageId: afterBreak,
      content: 'A question',
      selection: 'words',
    });
    expect(unreachable.errorText).toMatch(
      /cannot be set.*no comment was created/s,
    );

    // Docmost's notification and watcher jobs run in the background: give them time to show.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect(commentEvents(mark)).toEqual([]);
    expect(
      await checks.count(
        'select count(*) from comments where page_id = any($1)',
        [[typedOver, afterBreak]],
      ),
    ).toBe(0);
    expect(await checks.count('select count(*) from notifications')).toBe(
      notificationsBefore,
    );

    // The same page, text it has: the thread reaches Mia's tab, its row and her notification.
    const anchored = await checks.agent('owner', 'createComment', {
      pageId: typedOver,
      content: 'Is this right?',
      selection: 'page is here',
    });
    expect(anchored.errorText).toBeUndefined();
    const id = String((anchored.output as { id: string }).id);
    await mia.waitFor(
      (message) =>
        message.operation === 'commentCreated' &&
        JSON.stringify(message).includes(id),
      { mark },
    );
    expect(
      await checks.count('select count(*) from comments where id = $1', [id]),
    ).toBe(1);
    const notified = await settle(
      () =>
        checks.count(
          'select count(*) from notifications where comment_id = $1 and user_id = $2',
          [id, checks.work.people.member.id],
        ),
      (count) => count === 1,
    );
    expect(notified).toBe(1);
  });
});
