import { PAGE_NOT_FOUND } from '../../../src/access';
import { randomUUID } from 'node:crypto';
import { DEMO_PAGES } from '../../../host/seed/seed-demo-workspace';
import { SEED_IDS, SEED_NODE_IDS } from '../../../host/seed/seed-ids';
import { createDocmostExecutors } from '../../../src/tools/docmost-executors';
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

describe('exportPageMarkdown', () => {
  it('returns the page as Docmost-flavoured Markdown with its version, for any member of the space', async () => {
    const stored = await tools.page(P.pricing);
    const result = await tools.call(
      'exportPageMarkdown',
      { pageId: 'wZd7GkPtHz' },
      'member',
    );
    expect(result).toMatchObject({
      pageId: P.pricing,
      slugId: 'wZd7GkPtHz',
      title: 'Pricing and Plans',
      version: stored.version,
      jsonBlocks: 0,
    });
    expect(result.chars).toBe(result.markdown.length);
    expect(result.markdown).toContain(
      `| Team {#${SEED_NODE_IDS.pricingTeamPlan}} | $8 {#${SEED_NODE_IDS.pricingTeamPrice}} | Up to 200 {#bqlhlgmkyzli} |`,
    );
    expect(result.markdown).toContain(
      `See the [billing FAQ](https://acme.test/billing) for taxes and invoices. {#${SEED_NODE_IDS.pricingIntro}}`,
    );
  });

  it('refuses a page over the size limit, pointing to stashPage, and exports smaller ones', async () => {
    const limited = seededTools(database.db, { maxExportChars: 300 });
    const error = await expectToolError(
      limited.call('exportPageMarkdown', { pageId: P.roadmap }),
    );
    expect(error.code).toBe('limit_exceeded');
    expect(error.message).toMatch(
      /^page "Roadmap 2025" \(.*\) exports to \d+ characters of Markdown, over the limit of 300; use stashPage/,
    );
    await expect(
      limited.call('exportPageMarkdown', { pageId: P.meetingNotes }),
    ).resolves.toMatchObject({ title: 'Meeting Notes' });
  });

  it('refuses a size limit the import could not take back', () => {
    expect(() =>
      createDocmostExecutors(database.db, { maxExportChars: 600_000 }),
    ).toThrow('maxExportChars must be an integer from 1 to 500000');
  });
});

describe('export -> import', () => {
  it.each(DEMO_PAGES.map((page) => [page.title, page.id] as const))(
    'leaves "%s" exactly as it was, adding one history version',
    async (_title, pageId) => {
      const before = await tools.page(pageId);
      const exported = await tools.call('exportPageMarkdown', { pageId });
      const imported = await tools.call('importPageMarkdown', {
        pageId,
        markdown: exported.markdown,
        baseVersion: exported.version,
      });
      expect(imported).toMatchObject({
        pageId,
        generatedIds: 0,
        blocks: before.content.content?.length,
      });
      const after = await tools.page(pageId);
      expect(after.content).toEqual(before.content);
      expect(after.textContent).toBe(before.textContent);
      expect(after.historyCount).toBe(before.historyCount + 1);
    },
  );

  it('applies a text edit made in the Markdown and keeps every block id and comment anchor', async () => {
    const before = await tools.page(P.roadmap);
    const exported = await tools.call(
      'exportPageMarkdown',
      { pageId: P.roadmap },
      'member',
    );
    const markdown = exported.markdown.replace(
      'renewals in October',
      'renewals in September',
    );
    await tools.call(
      'importPageMarkdown',
      { pageId: P.roadmap, markdown, baseVersion: exported.version },
      'member',
    );
    const after = await tools.page(P.roadmap);
    expect(JSON.stringify(after.content)).toBe(
      JSON.stringify(before.content).replace(
        'renewals in October',
        'renewals in September',
      ),
    );
    const anchored = after.content.content?.find(
      (block) => block.attrs?.id === SEED_NODE_IDS.roadmapSsoParagraph,
    );
    expect(anchored?.content?.[1]).toEqual({
      type: 'text',
      text: 'single sign-on with SAML',
      marks: [
        {
          type: 'comment',
          attrs: { commentId: SEED_IDS.comments.roadmapSso, resolved: false },
        },
      ],
    });
  });

  it('carries nodes Markdown cannot express through docmost-json blocks unchanged', async () => {
    const content = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          attrs: { id: 'mathintroabc', textAlign: 'center' },
          content: [{ type: 'text', text: 'Energy:' }],
        },
        { type: 'mathBlock', attrs: { text: 'E = mc^2' } },
        {
          type: 'details',
          content: [
            {
              type: 'detailsSummary',
              content: [{ type: 'text', text: 'More' }],
            },
            {
              type: 'detailsContent',
              content: [{ type: 'paragraph', attrs: { id: 'detailsbodya' } }],
            },
          ],
        },
      ],
    };
    await tools.humanEdit(P.engineeringSetup, content);
    const exported = await tools.call('exportPageMarkdown', {
      pageId: P.engineeringSetup,
    });
    expect(exported.jsonBlocks).toBe(2);
    expect(
      exported.markdown.startsWith(
        'Energy: {#mathintroabc textAlign=center}\n\n```docmost-json\n{"type":"mathBlock"',
      ),
    ).toBe(true);
    await tools.call('importPageMarkdown', {
      pageId: P.engineeringSetup,
      markdown: exported.markdown,
      baseVersion: exported.version,
    });
    expect((await tools.page(P.engineeringSetup)).content).toEqual(content);
  });

  it('fails with a conflict and writes nothing when a human edited the page after the export', async () => {
    const exported = await tools.call('exportPageMarkdown', {
      pageId: P.designPrinciples,
    });
    const humanContent = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          attrs: { id: 'humanhumanhu' },
          content: [{ type: 'text', text: 'Rewritten by hand.' }],
        },
      ],
    };
    await tools.humanEdit(P.designPrinciples, humanContent);
    const edited = await tools.page(P.designPrinciples);
    const error = await expectToolError(
      tools.call('importPageMarkdown', {
        pageId: P.designPrinciples,
        markdown: exported.markdown,
        baseVersion: exported.version,
      }),
    );
    expect(error.code).toBe('conflict');
    expect(await tools.page(P.designPrinciples)).toEqual(edited);
  });

  it('refuses a malformed annotation with its line number and writes nothing', async () => {
    const before = await tools.page(P.hiringPlan);
    const exported = await tools.call('exportPageMarkdown', {
      pageId: P.hiringPlan,
    });
    const broken = `${exported.markdown}\n<span data-comment-id="c1" data-resolved="false">never closed\n`;
    const line = broken.split('\n').length - 1;
    const error = await expectToolError(
      tools.call('importPageMarkdown', {
        pageId: P.hiringPlan,
        markdown: broken,
        baseVersion: exported.version,
      }),
    );
    expect(error.code).toBe('invalid_input');
    expect(error.message).toMatch(
      new RegExp(`^markdown line ${line}: <span> is opened but never closed`),
    );
    expect(error.details).toEqual({ line });
    expect(await tools.page(P.hiringPlan)).toEqual(before);
  });
});

describe('access to exportPageMarkdown and importPageMarkdown', () => {
  it('answers a Leadership page exactly like a missing page, for the member', async () => {
    const missingId = randomUUID();
    for (const [name, input] of [
      ['exportPageMarkdown', {}],
      ['importPageMarkdown', { markdown: 'x' }],
    ] as const) {
      const forbidden = await expectToolError(
        tools.call(name, { pageId: P.boardPrep, ...input }, 'member'),
      );
      const missing = await expectToolError(
        tools.call(name, { pageId: missingId, ...input }, 'member'),
      );
      expect(forbidden).toMatchObject({
        code: 'not_found',
        message: `page ${P.boardPrep} ${PAGE_NOT_FOUND}`,
      });
      expect(missing).toMatchObject({
        code: 'not_found',
        message: `page ${missingId} ${PAGE_NOT_FOUND}`,
      });
    }
  });

  it('lets a reader export but not import', async () => {
    await database.db
      .updateTable('spaceMembers')
      .set({ role: 'reader' })
      .where('id', '=', SEED_IDS.spaceMembers.productWriters)
      .execute();
    try {
      const before = await tools.page(P.supportPlaybook);
      const exported = await tools.call(
        'exportPageMarkdown',
        { pageId: P.supportPlaybook },
        'member',
      );
      const error = await expectToolError(
        tools.call(
          'importPageMarkdown',
          { pageId: P.supportPlaybook, markdown: exported.markdown },
          'member',
        ),
      );
      expect(error.code).toBe('forbidden');
      expect(error.message).toMatch(/read-only access \(role "reader"\)/);
      expect(await tools.page(P.supportPlaybook)).toEqual(before);
    } finally {
      await database.db
        .updateTable('spaceMembers')
        .set({ role: 'writer' })
        .where('id', '=', SEED_IDS.spaceMembers.productWriters)
        .execute();
    }
  });
});
