import { PAGE_NOT_FOUND } from '../../../src/access';
import { randomUUID } from 'node:crypto';
import { SEED_IDS } from '../../../host/seed/seed-ids';
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
const S = SEED_IDS.spaces;

let database: TestDatabase;
let tools: SeededTools;
beforeAll(async () => {
  database = await createTestDatabase();
  tools = seededTools(database.db);
});
afterAll(async () => {
  await database.drop();
});

async function pageCount(): Promise<number> {
  const { count } = await database.db
    .selectFrom('pages')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

async function siblingsInOrder(
  spaceId: string,
  parentPageId: string | null,
): Promise<string[]> {
  const rows = await database.db
    .selectFrom('pages')
    .select(['title', 'position'])
    .where('spaceId', '=', spaceId)
    .where('deletedAt', 'is', null)
    .where((eb) =>
      parentPageId === null
        ? eb('parentPageId', 'is', null)
        : eb('parentPageId', '=', parentPageId),
    )
    .orderBy('position')
    .execute();
  return rows.map((row) => row.title ?? '');
}

describe('createPage', () => {
  it('creates a page from Markdown at the end of the space root, with ids, text, a slugId and a first history version', async () => {
    const result = await tools.call(
      'createPage',
      {
        spaceId: S.product,
        title: '  Release checklist  ',
        markdown:
          '# Release checklist\n\nShip **carefully**.\n\n- [ ] Tag the build\n- [x] Write notes',
      },
      'member',
    );
    expect(result).toMatchObject({
      title: 'Release checklist',
      spaceId: S.product,
      parentPageId: null,
      blocks: 3,
    });
    expect(result.slugId).toMatch(/^[0-9A-Za-z]{10}$/);
    expect(result.path).toBe(`/s/product/p/${result.slugId}`);
    expect(await siblingsInOrder(S.product, null)).toEqual([
      'Product Handbook',
      'Onboarding Guide',
      'Meeting Notes',
      'Compensation Review 2025',
      'Launch Plan 2.4',
      'Release checklist',
    ]);

    const stored = await tools.page(result.pageId);
    expect(stored).toMatchObject({
      title: 'Release checklist',
      version: result.version,
      historyCount: 1,
      textContent:
        'Release checklist\nShip carefully.\nTag the build\nWrite notes',
    });
    expect(stored.content.content?.map((block) => block.type)).toEqual([
      'heading',
      'paragraph',
      'taskList',
    ]);
    expect(stored.content.content?.[1]?.attrs?.id).toMatch(/^[a-z]{12}$/);
    const row = await database.db
      .selectFrom('pages')
      .select(['creatorId', 'lastUpdatedById', 'workspaceId', 'ydoc'])
      .where('id', '=', result.pageId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      creatorId: SEED_IDS.users.member,
      lastUpdatedById: SEED_IDS.users.member,
      workspaceId: SEED_IDS.workspace,
      ydoc: null,
    });
    const history = await database.db
      .selectFrom('pageHistory')
      .selectAll()
      .where('pageId', '=', result.pageId)
      .execute();
    // Docmost's shape: no version number, the agent's provenance copied from the page.
    expect(history).toMatchObject([
      {
        version: null,
        title: 'Release checklist',
        slugId: result.slugId,
        content: stored.content,
        lastUpdatedById: SEED_IDS.users.member,
        lastUpdatedSource: 'agent',
        contributorIds: [SEED_IDS.users.member],
      },
    ]);
  });

  it('nests a page under a parent given by id or slugId, after its last child', async () => {
    const byId = await tools.call('createPage', {
      spaceId: S.product,
      title: 'Glossary',
      parentPageId: P.productHandbook,
    });
    const bySlug = await tools.call('createPage', {
      spaceId: S.product,
      title: 'FAQ',
      parentPageId: 'H5VVN528Jm',
    });
    expect([byId.parentPageId, bySlug.parentPageId]).toEqual([
      P.productHandbook,
      P.productHandbook,
    ]);
    expect(await siblingsInOrder(S.product, P.productHandbook)).toEqual([
      'Roadmap 2025',
      'Release Notes 2.4 (draft)',
      'Pricing and Plans',
      'Design Principles',
      'Glossary',
      'FAQ',
    ]);
  });

  it('creates an empty page when no Markdown is given', async () => {
    const result = await tools.call('createPage', {
      spaceId: S.product,
      title: 'Blank',
    });
    expect(result.blocks).toBe(0);
    expect(await tools.page(result.pageId)).toMatchObject({
      content: { type: 'doc', content: [] },
      textContent: '',
    });
  });

  it('gives concurrent creations at one level distinct positions and slugIds', async () => {
    const created = await Promise.all(
      ['One', 'Two', 'Three'].map((title) =>
        tools.call('createPage', {
          spaceId: S.product,
          title,
          parentPageId: P.meetingNotes,
        }),
      ),
    );
    expect(new Set(created.map((page) => page.position)).size).toBe(3);
    expect(new Set(created.map((page) => page.slugId)).size).toBe(3);
    const order = await siblingsInOrder(S.product, P.meetingNotes);
    expect(order[0]).toBe('Weekly Sync 2025-06-02');
    expect(order.slice(1).sort()).toEqual(['One', 'Three', 'Two']);
  });

  it('refuses a parent in another space, or in the trash, and creates nothing', async () => {
    const before = await pageCount();
    const otherSpace = await expectToolError(
      tools.call('createPage', {
        spaceId: S.product,
        title: 'X',
        parentPageId: P.strategy,
      }),
    );
    expect(otherSpace.code).toBe('invalid_input');
    expect(otherSpace.message).toContain(
      `is in space ${S.leadership}, not in space ${S.product}`,
    );
    const trashed = await tools.call('createPage', {
      spaceId: S.product,
      title: 'Doomed',
    });
    await database.db
      .updateTable('pages')
      .set({ deletedAt: new Date() })
      .where('id', '=', trashed.pageId)
      .execute();
    const inTrash = await expectToolError(
      tools.call('createPage', {
        spaceId: S.product,
        title: 'Child',
        parentPageId: trashed.pageId,
      }),
    );
    expect(inTrash.message).toMatch(
      /parent page "Doomed" .* is in the trash; restore it first/,
    );
    expect(await pageCount()).toBe(before + 1);
  });

  it('refuses Markdown it cannot read, naming the line, and a document the editor cannot hold, and creates nothing', async () => {
    const before = await pageCount();
    const unreadable = await expectToolError(
      tools.call('createPage', {
        spaceId: S.product,
        title: 'Bad',
        markdown: 'Intro\n\nSome <u>underlined text',
      }),
    );
    expect(unreadable.code).toBe('invalid_input');
    expect(unreadable.message).toMatch(
      /^markdown line 3: <u> is opened but never closed.*Nothing was written\.$/,
    );
    const invalid = await expectToolError(
      tools.call('createPage', {
        spaceId: S.product,
        title: 'Bad',
        markdown: '```docmost-json\n{"type":"marquee"}\n```',
      }),
    );
    expect(invalid.message).toContain('unknown node type "marquee"');
    expect(invalid.message).toContain('Valid node types:');
    expect(await pageCount()).toBe(before);
  });

  it('refuses a blank title through the schema, naming the field', async () => {
    const error = await expectToolError(
      tools.call('createPage', { spaceId: S.product, title: '   ' }),
    );
    expect(error.code).toBe('invalid_input');
    expect(error.message).toContain('title');
  });

  it('answers a space the member does not belong to exactly like a space that does not exist', async () => {
    const missingId = randomUUID();
    const forbidden = await expectToolError(
      tools.call(
        'createPage',
        { spaceId: S.leadership, title: 'Sneaky' },
        'member',
      ),
    );
    const missing = await expectToolError(
      tools.call(
        'createPage',
        { spaceId: missingId, title: 'Sneaky' },
        'member',
      ),
    );
    expect(forbidden.code).toBe('not_found');
    expect(forbidden.message).toBe(
      missing.message.replace(missingId, S.leadership),
    );
  });

  it('answers a parent on a Leadership page like a missing page, for the member', async () => {
    const missingId = randomUUID();
    const forbidden = await expectToolError(
      tools.call(
        'createPage',
        { spaceId: S.product, title: 'X', parentPageId: P.strategy },
        'member',
      ),
    );
    const missing = await expectToolError(
      tools.call(
        'createPage',
        { spaceId: S.product, title: 'X', parentPageId: missingId },
        'member',
      ),
    );
    // The same answer for a parent hidden from the caller and one that does not exist, naming
    // it as the parent and saying nothing was made.
    expect(forbidden.message).toBe(
      `parent page ${P.strategy} ${PAGE_NOT_FOUND}. Nothing was created.`,
    );
    expect(missing.message).toBe(
      `parent page ${missingId} ${PAGE_NOT_FOUND}. Nothing was created.`,
    );
  });

  it('refuses a reader of the space', async () => {
    await database.db
      .updateTable('spaceMembers')
      .set({ role: 'reader' })
      .where('id', '=', SEED_IDS.spaceMembers.productWriters)
      .execute();
    try {
      const before = await pageCount();
      const error = await expectToolError(
        tools.call(
          'createPage',
          { spaceId: S.product, title: 'Nope' },
          'member',
        ),
      );
      expect(error.code).toBe('forbidden');
      expect(error.message).toMatch(
        /read-only access \(role "reader"\).*writer or admin/,
      );
      expect(await pageCount()).toBe(before);
    } finally {
      await database.db
        .updateTable('spaceMembers')
        .set({ role: 'writer' })
        .where('id', '=', SEED_IDS.spaceMembers.productWriters)
        .execute();
    }
  });
});
