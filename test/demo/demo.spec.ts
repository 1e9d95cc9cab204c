import { sql } from 'kysely';
import {
  DEMO_HUMAN_COMMENT_ID,
  DEMO_HUMAN_COMMENT_TEXT,
} from '../../dev/demo/demo-rows';
import { renderTranscript } from '../../dev/demo/render-transcript';
import { runDemo } from '../../dev/demo/run-demo';
import type { DemoReport, TurnReport } from '../../dev/demo/turn-report';
import { SEED_IDS } from '../../host/seed/seed-ids';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';

function turnOf(report: DemoReport, id: TurnReport['id']): TurnReport {
  const turn = report.turns.find((candidate) => candidate.id === id);
  if (turn === undefined) throw new Error(`no turn ${id}`);
  return turn;
}

function callsOf(turn: TurnReport): string[] {
  return turn.steps.flatMap((step) =>
    step.toolCalls.map((call) => call.toolName),
  );
}

/** `npm run demo`'s turns, played by the same function the script calls, on a database of their own. */
describe('the demo', () => {
  let database: TestDatabase;
  let report: DemoReport;

  beforeAll(async () => {
    database = await createTestDatabase({ seeded: false });
    report = await runDemo({ db: database.db });
  });

  afterAll(async () => {
    await database?.drop();
  });

  it("shows each turn's change as the user's open editor received it, live from the collaboration server", () => {
    const proofreading = turnOf(report, 'proofreading');
    expect(proofreading.editorView).toMatchObject({
      userEmail: 'member@acme.test',
      removed: [expect.stringContaining('teh page path')],
      added: [expect.stringContaining('the page path')],
    });
    const table = turnOf(report, 'table-edit');
    expect(table.editorView?.added.length).toBeGreaterThan(0);
    const transcript = renderTranscript(report);
    expect(transcript).toContain(
      "◉ the page as member@acme.test's open editor has it",
    );
    expect(transcript).toMatch(/\+ Search results now show the page path/);
  });

  it('(a) proofreads with the core tools alone: no loadTools, a comment, and the typo fixed in the database', async () => {
    const turn = turnOf(report, 'proofreading');
    expect(callsOf(turn)).not.toContain('loadTools');
    expect(callsOf(turn)).toEqual(
      expect.arrayContaining(['getPage', 'createComment', 'editPageText']),
    );
    expect(turn.steps.every((step) => step.activeToolNames.length === 14)).toBe(
      true,
    );
    for (const call of turn.steps.flatMap((step) => step.toolCalls))
      expect(call.result?.isError).toBe(false);

    const page = await database.db
      .selectFrom('pages')
      .select('textContent')
      .where('id', '=', SEED_IDS.pages.releaseNotes)
      .executeTakeFirstOrThrow();
    expect(page.textContent).toContain('Search results now show the page path');
    expect(page.textContent).not.toContain('teh page path');
    const comment = await database.db
      .selectFrom('comments')
      .select(['createdSource', 'creatorId'])
      .where('pageId', '=', SEED_IDS.pages.releaseNotes)
      .where('aiChatId', '=', turn.chatId)
      .executeTakeFirstOrThrow();
    expect(comment).toEqual({
      createdSource: 'agent',
      creatorId: SEED_IDS.users.member,
    });
  });

  it('(b) loads the table tools, which are active from the next step on, and updates the cell in the database', async () => {
    const turn = turnOf(report, 'table-edit');
    const loadStep = turn.steps.findIndex((step) =>
      step.toolCalls.some((call) => call.toolName === 'loadTools'),
    );
    expect(loadStep).toBeGreaterThanOrEqual(0);
    expect(turn.steps.map((step) => step.activeToolNames.length)).toEqual(
      turn.steps.map((_, index) => (index <= loadStep ? 14 : 16)),
    );
    expect(turn.steps[loadStep + 1]!.newlyActiveToolNames).toEqual([
      'getTable',
      'tableUpdateCell',
    ]);
    expect(callsOf(turn).slice(callsOf(turn).indexOf('loadTools') + 1)).toEqual(
      ['getTable', 'tableUpdateCell'],
    );

    const page = await database.db
      .selectFrom('pages')
      .select('textContent')
      .where('id', '=', SEED_IDS.pages.pricing)
      .executeTakeFirstOrThrow();
    expect(page.textContent).toMatch(/Team\s+\$10\s/);
    expect(page.textContent).not.toMatch(/Team\s+\$8\s/);
  });

  it('(c) signals the human comment on the next tool result, by count only, and the agent lists the comments', async () => {
    const turn = turnOf(report, 'human-comment');
    const calls = turn.steps.flatMap((step) => step.toolCalls);
    const signalled = calls.findIndex(
      (call) => (call.result?.signals.length ?? 0) > 0,
    );
    expect(signalled).toBeGreaterThan(0);
    const signalCall = calls[signalled]!;
    expect(signalCall.result!.signals).toEqual([
      `[signal] new comments: 1 on page ${SEED_IDS.pages.roadmap} ("Roadmap 2025") — call listComments(pageId) for details`,
    ]);
    // What the model read with the signal: the tool's own result and the count, never the comment.
    expect(
      `${signalCall.result!.text}\n${signalCall.result!.signals.join('\n')}`,
    ).not.toContain(DEMO_HUMAN_COMMENT_TEXT);
    expect(calls[signalled + 1]).toMatchObject({
      toolName: 'listComments',
      input: { pageId: SEED_IDS.pages.roadmap },
    });
    expect(calls[signalled + 1]!.result!.text).toContain(
      DEMO_HUMAN_COMMENT_TEXT,
    );
    expect(turn.steps.flatMap((step) => step.events)).toEqual([
      expect.stringContaining('admin@acme.test'),
    ]);

    const human = await database.db
      .selectFrom('comments')
      .select([
        'createdSource',
        'creatorId',
        sql<string>`jsonb_typeof(content)`.as('contentType'),
      ])
      .where('id', '=', DEMO_HUMAN_COMMENT_ID)
      .executeTakeFirstOrThrow();
    // Stored as a ProseMirror object on either driver (postgres.js would store a JSON string as a jsonb string).
    expect(human).toEqual({
      createdSource: 'user',
      creatorId: SEED_IDS.users.admin,
      contentType: 'object',
    });
  });

  it('spends fewer tool tokens than with every tool active, the catalog included, and the transcript shows it', () => {
    for (const turn of report.turns) {
      expect(turn.tokens.catalogTokens).toBeGreaterThan(0);
      expect(turn.tokens.deferredTokens).toBeLessThan(
        turn.tokens.allActiveTokens,
      );
    }
    const transcript = renderTranscript(report);
    expect(transcript).toContain('SCRIPTED AGENT');
    expect(transcript).toContain(
      `⚑ [signal] new comments: 1 on page ${SEED_IDS.pages.roadmap}`,
    );
    expect(transcript).toContain(`${report.totals.savingPercent.toFixed(1)}%`);
  });

  it("starts over on a rerun: the earlier run's comments are replaced, not added to", async () => {
    const countComments = async () =>
      (
        await database.db
          .selectFrom('comments')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow()
      ).count;
    const before = await countComments();
    const again = await runDemo({ db: database.db });
    expect(await countComments()).toBe(before);
    expect(again.turns.map((turn) => turn.steps.length)).toEqual(
      report.turns.map((turn) => turn.steps.length),
    );
  });

  it('runs with deferred tools even where an admin turned them off, and leaves the setting off', async () => {
    const readSetting = async () =>
      (
        await database.db
          .selectFrom('workspaces')
          .select('settings')
          .where('id', '=', SEED_IDS.workspace)
          .executeTakeFirstOrThrow()
      ).settings;
    await database.db
      .updateTable('workspaces')
      .set({ settings: { ai: { deferredTools: false }, other: 'kept' } })
      .where('id', '=', SEED_IDS.workspace)
      .execute();
    const offReport = await runDemo({ db: database.db });
    expect(offReport.notes).toContain(
      'settings.ai.deferredTools was OFF in this workspace; the demo turned it ON and turns it back OFF at the end.',
    );
    expect(
      turnOf(offReport, 'proofreading').steps[0]!.activeToolNames,
    ).toHaveLength(14);
    expect(await readSetting()).toEqual({
      ai: { deferredTools: false },
      other: 'kept',
    });
  });
});
