import { sql } from 'kysely';
import { SEED_IDS, SEED_NODE_IDS } from '../../../host/seed/seed-ids';
import { requirePage } from '../../../src/access';
import type { EditPageTextResult } from '../../../src/tools/edit-text/edit-page-text';
import { databasePageWriter } from '../../../src/page-store';
import {
  findBlockById,
  asDocument,
  type ProseMirrorNode,
} from '../../../src/document';
import {
  createTestDatabase,
  type TestDatabase,
} from '../../support/test-database';
import {
  contextFor,
  expectToolError,
  seededTools,
  type SeededTools,
} from '../../support/seeded-tools';

const P = SEED_IDS.pages;
const N = SEED_NODE_IDS;
const member = contextFor('member');

describe('editPageText', () => {
  let database: TestDatabase;
  let tools: SeededTools;

  beforeAll(async () => {
    database = await createTestDatabase();
    tools = seededTools(database.db);
  });
  afterAll(async () => database.drop());

  const pageRow = (pageId: string) =>
    database.db
      .selectFrom('pages')
      .select([
        'content',
        'textContent',
        'lastUpdatedById',
        sql<string>`updated_at::text`.as('version'),
      ])
      .where('id', '=', pageId)
      .executeTakeFirstOrThrow();
  const history = (pageId: string) =>
    database.db
      .selectFrom('pageHistory')
      .select([
        'id',
        'version',
        'content',
        'lastUpdatedById',
        'lastUpdatedSource',
      ])
      .where('pageId', '=', pageId)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .execute();
  const block = async (pageId: string, id: string): Promise<ProseMirrorNode> =>
    findBlockById(asDocument((await pageRow(pageId)).content), id)!.node;

  it('fixes a typo, keeps the rest of the block, and reports what changed', async () => {
    const historyBefore = await history(P.releaseNotes);
    const result = await tools.call<EditPageTextResult>(
      'editPageText',
      { pageId: P.releaseNotes, find: 'recieve', replace: 'receive' },
      member,
    );
    expect(result).toMatchObject({ pageId: P.releaseNotes, replacements: 1 });
    expect(result.blocks).toEqual([
      {
        blockId: N.releaseNotesTypoParagraph,
        topLevelIndex: 3,
        replacements: 1,
        before: expect.stringContaining('admins now recieve a weekly digest'),
        after: expect.stringContaining('admins now receive a weekly digest'),
      },
    ]);
    const page = await pageRow(P.releaseNotes);
    expect(page.version).toBe(result.version);
    expect(page.lastUpdatedById).toBe(SEED_IDS.users.member);
    expect(page.textContent).toContain(
      'Workspace admins now receive a weekly digest',
    );
    expect(page.textContent).not.toContain('recieve');
    const historyAfter = await history(P.releaseNotes);
    expect(historyAfter).toHaveLength(historyBefore.length + 1);
    expect(historyAfter[0]).toMatchObject({
      id: result.historyId,
      version: null,
      lastUpdatedById: SEED_IDS.users.member,
      lastUpdatedSource: 'agent',
    });
    expect(JSON.stringify(historyAfter[0]?.content)).toContain(
      'admins now receive',
    );
  });

  it('matches across formatting and gives the replacement the formatting at the start of the match', async () => {
    // "single source of truth" is bold, " for how" is not: the replacement starts in bold.
    await tools.call(
      'editPageText',
      {
        pageId: P.productHandbook,
        find: 'single source of truth for how',
        replace: 'reference on how',
      },
      member,
    );
    expect(
      (await block(P.productHandbook, N.handbookIntro)).content?.slice(0, 3),
    ).toEqual([
      { type: 'text', text: 'This handbook is the ' },
      { type: 'text', text: 'reference on how', marks: [{ type: 'bold' }] },
      {
        type: 'text',
        text: ' Acme builds, ships and supports its product. Start with the ',
      },
    ]);
    // Starting in plain text, the replacement is plain: the bold words are gone with the match.
    await tools.call(
      'editPageText',
      {
        pageId: P.productHandbook,
        find: 'the reference on',
        replace: 'the guide to',
      },
      member,
    );
    expect(
      (await block(P.productHandbook, N.handbookIntro)).content?.[0],
    ).toEqual({ type: 'text', text: 'This handbook is the guide to' });
    await tools.call(
      'editPageText',
      {
        pageId: P.productHandbook,
        find: 'Roadmap 2025',
        replace: 'Roadmap 2026',
      },
      member,
    );
    const link = (
      await block(P.productHandbook, N.handbookIntro)
    ).content?.find((node) => node.text === 'Roadmap 2026');
    expect(link?.marks?.[0]).toMatchObject({
      type: 'link',
      attrs: { href: '/s/product/p/VFEpewF8Mc' },
    });
  });

  it('lists every match when find is ambiguous, and writes nothing', async () => {
    const before = await pageRow(P.pricing);
    const error = await expectToolError(
      tools.call(
        'editPageText',
        { pageId: P.pricing, find: 'Team plan', replace: 'Team tier' },
        member,
      ),
    );
    expect(error.code).toBe('invalid_input');
    expect(error.message.split('\n')).toEqual([
      '"Team plan" occurs 2 times; nothing was changed. Make find longer so it is unique, scope it with blockId, or pass replaceAll: true to replace every occurrence.',
      '- block ddpuebuzuigy: "Non-profits get 50% off the Team plan."',
      '- block hoxfqfotqxso: "Classrooms use the Team plan for free."',
    ]);
    expect(await pageRow(P.pricing)).toEqual(before);
  });

  it('replaces every occurrence with replaceAll, or one block with blockId', async () => {
    const scoped = await tools.call<EditPageTextResult>(
      'editPageText',
      {
        pageId: P.pricing,
        find: 'Team plan',
        replace: 'Team tier',
        // As getPage shows the block's id; the answer names it whole.
        blockId: 'hoxfq',
      },
      member,
    );
    expect(scoped.blocks.map((changed) => changed.blockId)).toEqual([
      'hoxfqfotqxso',
    ]);
    const all = await tools.call<EditPageTextResult>(
      'editPageText',
      {
        pageId: P.pricing,
        find: 'Team',
        replace: 'Business',
        replaceAll: true,
      },
      member,
    );
    expect(all.replacements).toBe(3);
    expect(
      all.blocks.map((changed) => [changed.blockId, changed.after]),
    ).toEqual([
      [N.pricingTeamPlan, 'Business'],
      ['ddpuebuzuigy', 'Non-profits get 50% off the Business plan.'],
      ['hoxfqfotqxso', 'Classrooms use the Business tier for free.'],
    ]);
    const cell = await tools.call<EditPageTextResult>(
      'editPageText',
      { pageId: P.pricing, find: '$8', replace: '$9', blockId: '#2' },
      member,
    );
    expect(cell.blocks[0]?.blockId).toBe(N.pricingTeamPrice);
  });

  it('refuses Markdown formatting in find or replace, pointing to patchNode', async () => {
    const before = await pageRow(P.releaseNotes);
    const adding = await expectToolError(
      tools.call(
        'editPageText',
        {
          pageId: P.releaseNotes,
          find: 'weekly digest',
          replace: '**weekly digest**',
        },
        member,
      ),
    );
    expect(adding.message).toMatch(
      /^replace contains Markdown formatting \(bold .*\).*patchNode/,
    );
    const finding = await expectToolError(
      tools.call(
        'editPageText',
        {
          pageId: P.releaseNotes,
          find: '*Draft: not yet published.*',
          replace: 'Draft.',
        },
        member,
      ),
    );
    expect(finding.message).toMatch(
      /^find contains Markdown formatting \(italic .*\).*plain words.*patchNode/,
    );
    const markKey = await expectToolError(
      tools.call(
        'editPageText',
        {
          pageId: P.releaseNotes,
          find: 'weekly digest',
          replace: 'weekly digest',
          bold: true,
        },
        member,
      ),
    );
    expect(markKey.message).toMatch(/bold/);
    expect(await pageRow(P.releaseNotes)).toEqual(before);
  });

  it('explains a miss: not found, other capitalisation, other block, unknown block', async () => {
    expect(
      (
        await expectToolError(
          tools.call(
            'editPageText',
            {
              pageId: P.releaseNotes,
              find: 'nowhere to be seen',
              replace: 'x',
            },
            member,
          ),
        )
      ).message,
    ).toMatch(
      /is not in the text of page .*Copy the text exactly.*Nothing was changed/,
    );
    expect(
      (
        await expectToolError(
          tools.call(
            'editPageText',
            { pageId: P.releaseNotes, find: 'search results', replace: 'x' },
            member,
          ),
        )
      ).message,
    ).toContain('different capitalisation: "Search results"');
    expect(
      (
        await expectToolError(
          tools.call(
            'editPageText',
            {
              pageId: P.releaseNotes,
              find: 'teh',
              replace: 'the',
              blockId: N.releaseNotesTypoParagraph,
            },
            member,
          ),
        )
      ).message,
    ).toMatch(/occurs elsewhere on the page/);
    expect(
      (
        await expectToolError(
          tools.call(
            'editPageText',
            {
              pageId: P.releaseNotes,
              find: 'teh',
              replace: 'the',
              blockId: 'zzzzzzzzzzzz',
            },
            member,
          ),
        )
      ).message,
    ).toMatch(/has no block "zzzzzzzzzzzz"/);
    expect(
      (
        await expectToolError(
          tools.call(
            'editPageText',
            { pageId: P.releaseNotes, find: 'teh', replace: 'teh' },
            member,
          ),
        )
      ).message,
    ).toMatch(/nothing to change/);
  });

  it('fails with a conflict and writes nothing when a human edits the page between read and write', async () => {
    const before = await pageRow(P.engineeringSetup);
    const historyBefore = await history(P.engineeringSetup);
    const humanContent = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          attrs: { id: 'humaneditxyz' },
          content: [
            { type: 'text', text: 'Clone the monorepo. Rewritten by a human.' },
          ],
        },
      ],
    };
    // The human's transaction holds the row lock: the tool reads the old version, then its
    // compare-and-set waits for the lock and finds a newer version once the human commits.
    const human = await database.db.startTransaction().execute();
    await human
      .updateTable('pages')
      .set({ content: humanContent, updatedAt: sql`clock_timestamp()` })
      .where('id', '=', P.engineeringSetup)
      .execute();
    const edit = expectToolError(
      tools.call(
        'editPageText',
        {
          pageId: P.engineeringSetup,
          find: 'Clone the monorepo.',
          replace: 'Clone the repository.',
        },
        member,
      ),
    );
    await waitForLockWaiter();
    await human.commit().execute();
    const error = await edit;
    expect(error.code).toBe('conflict');
    expect(error.message).toMatch(
      /changed since it was read .*nothing was written/,
    );
    const after = await pageRow(P.engineeringSetup);
    expect(after.version).not.toBe(before.version);
    expect(JSON.stringify(after.content)).toContain('Rewritten by a human');
    expect(await history(P.engineeringSetup)).toHaveLength(
      historyBefore.length,
    );
  });

  it('refuses a write based on a stale read (the default page writer given the old version)', async () => {
    const stale = await requirePage(database.db, member, P.onboarding, {
      write: true,
    });
    await database.db
      .updateTable('pages')
      .set({ updatedAt: sql`clock_timestamp()` })
      .where('id', '=', P.onboarding)
      .execute();
    const error = await expectToolError(
      databasePageWriter.updatePage({
        db: database.db,
        context: member,
        page: stale,
        change: { content: { type: 'doc', content: [] } },
        toolName: 'editPageText',
      }),
    );
    expect(error.code).toBe('conflict');
    expect(JSON.stringify((await pageRow(P.onboarding)).content)).toContain(
      'Welcome to Acme!',
    );
  });

  /** Resolves once some session of this database waits for a row lock. */
  async function waitForLockWaiter(): Promise<void> {
    for (let attempt = 0; attempt < 200; attempt++) {
      const { waiting } = await sql<{
        waiting: number;
      }>`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`
        .execute(database.db)
        .then((result) => result.rows[0]!);
      if (waiting > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('editPageText never waited for the row lock');
  }
});
