import { PAGE_NOT_FOUND } from '../../../src/access';
import { randomUUID } from 'node:crypto';
import { SEED_IDS, SEED_NODE_IDS } from '../../../host/seed/seed-ids';
import {
  createTestDatabase,
  type TestDatabase,
} from '../../support/test-database';
import {
  expectToolError,
  seededTools,
  type SeededTools,
} from '../../support/seeded-tools';

const P = SEED_IDS.pages;

let database: TestDatabase;
let tools: SeededTools;
beforeAll(async () => {
  database = await createTestDatabase();
  tools = seededTools(database.db);
});
afterAll(async () => {
  await database.drop();
});

describe('updatePageContent', () => {
  it('replaces the whole body with the Markdown, fresh block ids, text_content in step and one history version', async () => {
    const before = await tools.page(P.weeklySync);
    const markdown =
      '## Decisions\n\n1. Ship 2.4 on **16 June**.\n2. Keep `main` green.\n\n| Owner | Task |\n| --- | --- |\n| Sam | Pricing |';
    const result = await tools.call(
      'updatePageContent',
      { pageId: P.weeklySync, markdown, baseVersion: before.version },
      'member',
    );
    expect(result).toMatchObject({
      pageId: P.weeklySync,
      blocks: 3,
      generatedIds: 7,
    });
    const after = await tools.page(P.weeklySync);
    expect(after).toMatchObject({
      version: result.version,
      historyCount: before.historyCount + 1,
      textContent:
        'Decisions\nShip 2.4 on 16 June.\nKeep main green.\nOwner\nTask\nSam\nPricing',
    });
    expect(after.content.content?.map((block) => block.type)).toEqual([
      'heading',
      'orderedList',
      'table',
    ]);
    expect(after.content.content?.[0]).toEqual({
      type: 'heading',
      attrs: { id: expect.stringMatching(/^[a-z]{12}$/), level: 2 },
      content: [{ type: 'text', text: 'Decisions' }],
    });
    const history = await database.db
      .selectFrom('pageHistory')
      .select(['content', 'lastUpdatedById'])
      .where('pageId', '=', P.weeklySync)
      .orderBy('version', 'desc')
      .executeTakeFirstOrThrow();
    expect(history).toEqual({
      content: after.content,
      lastUpdatedById: SEED_IDS.users.member,
    });
  });

  it('empties the page for an empty string', async () => {
    await tools.call('updatePageContent', {
      pageId: P.meetingNotes,
      markdown: '',
    });
    expect(await tools.page(P.meetingNotes)).toMatchObject({
      content: { type: 'doc', content: [] },
      textContent: '',
    });
  });

  it('fails with a conflict and writes nothing when a human edited the page after the read', async () => {
    const read = await tools.page(P.releaseNotes);
    const humanContent = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          attrs: { id: 'humanhumanhu' },
          content: [{ type: 'text', text: 'Human edit.' }],
        },
      ],
    };
    await tools.humanEdit(P.releaseNotes, humanContent);
    const edited = await tools.page(P.releaseNotes);
    const error = await expectToolError(
      tools.call('updatePageContent', {
        pageId: P.releaseNotes,
        markdown: 'Agent rewrite.',
        baseVersion: read.version,
      }),
    );
    expect(error.code).toBe('conflict');
    expect(error.message).toContain(
      `read version ${read.version}, current ${edited.version}`,
    );
    expect(await tools.page(P.releaseNotes)).toEqual(edited);
  });

  it('refuses Markdown it cannot read, or a document Docmost cannot hold, naming what is wrong, and writes nothing', async () => {
    const before = await tools.page(P.pricing);
    const unreadable = await expectToolError(
      tools.call('updatePageContent', {
        pageId: P.pricing,
        markdown: 'One\n\n```docmost-json\n{"type": "paragraph",\n```',
      }),
    );
    expect(unreadable.message).toMatch(
      /^markdown line 3: the docmost-json block is not valid JSON/,
    );
    const invalid = await expectToolError(
      tools.call('updatePageContent', {
        pageId: P.pricing,
        markdown:
          '```docmost-json\n{"type":"listItem","content":[{"type":"paragraph"}]}\n```',
      }),
    );
    expect(invalid.code).toBe('invalid_input');
    expect(invalid.message).toContain(
      'a listItem can only be inside bulletList or orderedList',
    );
    const nul = await expectToolError(
      tools.call('updatePageContent', {
        pageId: P.pricing,
        markdown: 'a\u0000b',
      }),
    );
    expect(nul.message).toContain('U+0000');
    expect(await tools.page(P.pricing)).toEqual(before);
  });

  it('answers a Leadership page exactly like a missing page, for the member', async () => {
    const missingId = randomUUID();
    const forbidden = await expectToolError(
      tools.call(
        'updatePageContent',
        { pageId: P.strategy, markdown: 'x' },
        'member',
      ),
    );
    const missing = await expectToolError(
      tools.call(
        'updatePageContent',
        { pageId: missingId, markdown: 'x' },
        'member',
      ),
    );
    expect(forbidden).toMatchObject({
      code: 'not_found',
      message: `page ${P.strategy} ${PAGE_NOT_FOUND}`,
    });
    expect(missing).toMatchObject({
      code: 'not_found',
      message: `page ${missingId} ${PAGE_NOT_FOUND}`,
    });
  });

  it('refuses a reader of the space and leaves the page as it was', async () => {
    await database.db
      .updateTable('spaceMembers')
      .set({ role: 'reader' })
      .where('id', '=', SEED_IDS.spaceMembers.productWriters)
      .execute();
    try {
      const before = await tools.page(P.onboarding);
      const error = await expectToolError(
        tools.call(
          'updatePageContent',
          { pageId: P.onboarding, markdown: 'x' },
          'member',
        ),
      );
      expect(error.code).toBe('forbidden');
      expect(await tools.page(P.onboarding)).toEqual(before);
    } finally {
      await database.db
        .updateTable('spaceMembers')
        .set({ role: 'writer' })
        .where('id', '=', SEED_IDS.spaceMembers.productWriters)
        .execute();
    }
  });

  it('keeps block ids written in the Markdown, so an id-annotated rewrite keeps anchors in place', async () => {
    const result = await tools.call('updatePageContent', {
      pageId: P.supportPlaybook,
      markdown: `Rotate weekly. {#${SEED_NODE_IDS.boardPrepNumbersParagraph}}\n\nNew paragraph.`,
    });
    expect(result.generatedIds).toBe(1);
    expect(
      (await tools.page(P.supportPlaybook)).content.content?.[0]?.attrs?.id,
    ).toBe(SEED_NODE_IDS.boardPrepNumbersParagraph);
  });
});
