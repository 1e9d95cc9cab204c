import { randomUUID } from 'node:crypto';
import { SEED_IDS } from '../../host/seed/seed-ids';
import type { ToolRegistry } from '../../src/registry/tool-registry';
import { TOOL_DEFINITIONS } from '../../src/tools/tool-definitions';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';
import {
  contextFor,
  seededTools,
  type SeedUser,
} from '../support/seeded-tools';
import {
  createTargetPage,
  footprint,
  restrictPage,
  type TargetPage,
} from './support/restricted-pages';
import {
  callOnSurface,
  SURFACES,
  type Surface,
  type SurfaceAnswer,
} from './support/surface-calls';
import {
  rowName,
  TOOL_PERMISSION_TABLE,
  type ToolPermissionRow,
} from './support/tool-permission-table';

/**
 * Docmost's page-level permissions through every tool on both surfaces. The member (Jordan) is a
 * writer of the Product space through the Writers group; each scenario restricts a page of that
 * space and checks what the member gets from each tool: nothing of a hidden page (the answer of a
 * missing page, nothing in listings, nothing changed), reads but no writes with a reader grant,
 * and writes with a writer grant.
 */

let database: TestDatabase;
let registry: ToolRegistry;

beforeAll(async () => {
  database = await createTestDatabase();
  registry = seededTools(database.db).registry;
});
afterAll(async () => {
  await database?.drop();
});

const PAGE_ROWS = TOOL_PERMISSION_TABLE.filter(
  (row) => row.kind !== 'listing',
).map((row) => [rowName(row), row] as const);
/** The page rows that act on a restricted page the caller may see (publishing is refused there). */
const RESTRICTED_PAGE_ROWS = PAGE_ROWS.filter(([, row]) => !row.publishes);
const LISTING_ROWS = TOOL_PERMISSION_TABLE.filter(
  (row) => row.kind === 'listing',
).map((row) => [rowName(row), row] as const);
const WRITER_GROUP = SEED_IDS.groups.writers;
const MEMBER = SEED_IDS.users.member;

function call(
  surface: Surface,
  user: SeedUser,
  row: ToolPermissionRow,
  target: TargetPage,
  other: TargetPage,
): Promise<SurfaceAnswer> {
  return callOnSurface(
    registry,
    surface,
    contextFor(user, row.context?.(target)),
    row.tool,
    row.input(target, other),
  );
}

/** A target no row exists for: what a model gets for ids that were never there. */
function missingPage(): TargetPage {
  return {
    pageId: randomUUID(),
    slugId: 'Zz9Zz9Zz9Z',
    title: 'Nothing',
    secret: 'nothing',
    commentId: randomUUID(),
    commentCreatedAt: '2025-06-01T09:00:00.000Z',
    historyIds: [randomUUID(), randomUUID()],
  };
}

/** The answer with the target's ids replaced, so two answers about different ids compare. */
function withoutIds(text: string, target: TargetPage): string {
  const ids: [string, string][] = [
    [target.pageId, '<page>'],
    [target.commentId, '<comment>'],
    [target.historyIds[0], '<version 1>'],
    [target.historyIds[1], '<version 2>'],
  ];
  return ids.reduce(
    (result, [id, placeholder]) => result.split(id).join(placeholder),
    text,
  );
}

it('has a row for every tool of the registry, and only for them', () => {
  const names = TOOL_DEFINITIONS.map((spec) => spec.name);
  expect(names).toHaveLength(41);
  expect(new Set(TOOL_PERMISSION_TABLE.map((row) => row.tool))).toEqual(
    new Set(names),
  );
});

interface HiddenScenario {
  readonly name: string;
  /** The target page, the member's unrestricted counterpart, and every page the member must not see. */
  setup(): Promise<{
    target: TargetPage;
    other: TargetPage;
    hidden: readonly TargetPage[];
  }>;
}

const HIDDEN_SCENARIOS: readonly HiddenScenario[] = [
  {
    name: 'restricted to its owner',
    async setup() {
      const target = await createTargetPage(database.db, { shared: true });
      await restrictPage(database.db, target.pageId);
      return {
        target,
        other: await createTargetPage(database.db),
        hidden: [target],
      };
    },
  },
  {
    name: 'below a page restricted to its owner (inherited)',
    async setup() {
      const parent = await createTargetPage(database.db, { shared: true });
      await restrictPage(database.db, parent.pageId);
      const target = await createTargetPage(database.db, {
        parentPageId: parent.pageId,
        shared: true,
      });
      return {
        target,
        other: await createTargetPage(database.db),
        hidden: [parent, target],
      };
    },
  },
  {
    name: "granted to the member's group, then revoked",
    async setup() {
      const target = await createTargetPage(database.db, { shared: true });
      const [groupGrant] = await restrictPage(database.db, target.pageId, [
        { groupId: WRITER_GROUP, role: 'writer' },
      ]);
      // While granted, the member reads the page: the revocation below is what hides it.
      expect(
        (
          await registry.call(
            'getPage',
            { pageId: target.pageId },
            contextFor('member'),
          )
        ).output,
      ).toMatchObject({ title: target.title });
      await database.db
        .deleteFrom('pagePermissions')
        .where('id', '=', groupGrant!)
        .execute();
      return {
        target,
        other: await createTargetPage(database.db),
        hidden: [target],
      };
    },
  },
];

describe.each(
  HIDDEN_SCENARIOS.map((scenario) => [scenario.name, scenario] as const),
)('a page %s', (_name, scenario) => {
  let target: TargetPage;
  let other: TargetPage;
  let hidden: readonly TargetPage[];
  beforeAll(async () => {
    ({ target, other, hidden } = await scenario.setup());
  });

  describe.each(SURFACES)('through %s', (surface) => {
    it.each(PAGE_ROWS)(
      '%s answers as for a missing page and changes nothing',
      async (_row, row) => {
        const before = await footprint(database.db, target.pageId);
        const answer = await call(surface, 'member', row, target, other);
        const missing = missingPage();
        const answerForMissing = await call(
          surface,
          'member',
          row,
          missing,
          other,
        );
        expect(answer.ok).toBe(false);
        expect(withoutIds(answer.text, target)).toBe(
          withoutIds(answerForMissing.text, missing),
        );
        expect(answer.text).not.toContain(target.secret);
        expect(await footprint(database.db, target.pageId)).toEqual(before);
      },
    );

    it.each(LISTING_ROWS)(
      '%s leaves the page out, while its owner gets it',
      async (_row, row) => {
        const answer = await call(surface, 'member', row, target, other);
        expect(answer.ok).toBe(true);
        for (const page of hidden) {
          // The title holds the page's own word; searchPages echoes the query, so the bare word may appear.
          for (const trace of [
            page.pageId,
            page.slugId,
            page.title,
            page.commentId,
          ])
            expect(answer.text).not.toContain(trace);
        }
        if (row.namesPages)
          expect(
            (await call(surface, 'owner', row, target, other)).text,
          ).toContain(target.pageId);
      },
    );
  });

  it('is not counted in listSpaces: the page count is the number of pages listPages shows', async () => {
    const spaces = (await registry.call('listSpaces', {}, contextFor('member')))
      .output as { spaces: { id: string; pageCount: number }[] };
    const listed = (
      await registry.call(
        'listPages',
        { spaceId: SEED_IDS.spaces.product, limit: 100 },
        contextFor('member'),
      )
    ).output as { pages: unknown[] };
    expect(
      spaces.spaces.find((space) => space.id === SEED_IDS.spaces.product)
        ?.pageCount,
    ).toBe(listed.pages.length);
    const ownerSpaces = (
      await registry.call('listSpaces', {}, contextFor('owner'))
    ).output as typeof spaces;
    const ownerCount = ownerSpaces.spaces.find(
      (space) => space.id === SEED_IDS.spaces.product,
    )!.pageCount;
    expect(ownerCount - listed.pages.length).toBeGreaterThanOrEqual(
      hidden.length,
    );
  });
});

describe('a restricted page granted to the member as reader', () => {
  let target: TargetPage;
  let other: TargetPage;
  beforeAll(async () => {
    target = await createTargetPage(database.db, { shared: true });
    await restrictPage(database.db, target.pageId, [
      { userId: MEMBER, role: 'reader' },
    ]);
    other = await createTargetPage(database.db);
  });

  describe.each(SURFACES)('through %s', (surface) => {
    it.each(RESTRICTED_PAGE_ROWS.filter(([, row]) => row.kind === 'read'))(
      '%s reads it',
      async (_row, row) => {
        const before = await footprint(database.db, target.pageId);
        const answer = await call(surface, 'member', row, target, other);
        expect(answer.ok ? 'ok' : answer.text).toBe('ok');
        expect(await footprint(database.db, target.pageId)).toEqual(before);
      },
    );

    it.each(PAGE_ROWS.filter(([, row]) => row.kind === 'write'))(
      '%s is refused as read-only and changes nothing',
      async (_row, row) => {
        const before = await footprint(database.db, target.pageId);
        const answer = await call(surface, 'member', row, target, other);
        expect(answer.ok).toBe(false);
        expect(answer.text).toMatch(
          /read-only access to page .*restricted.*writer/,
        );
        expect(await footprint(database.db, target.pageId)).toEqual(before);
      },
    );

    it.each(LISTING_ROWS)('%s includes it', async (_row, row) => {
      const answer = await call(surface, 'member', row, target, other);
      expect(answer.ok).toBe(true);
      if (row.namesPages) expect(answer.text).toContain(target.pageId);
    });
  });
});

describe("a restricted page granted to the member's group as writer", () => {
  /** A fresh pair per call: every write changes its page. */
  async function setup(row: ToolPermissionRow) {
    const target = await createTargetPage(database.db, {
      shared: row.needsShare === true || row.kind === 'listing',
    });
    await restrictPage(database.db, target.pageId, [
      { groupId: WRITER_GROUP, role: 'writer' },
    ]);
    return { target, other: await createTargetPage(database.db) };
  }

  describe.each(SURFACES)('through %s', (surface) => {
    it.each(RESTRICTED_PAGE_ROWS.filter(([, row]) => row.kind === 'write'))(
      '%s writes it',
      async (_row, row) => {
        const { target, other } = await setup(row);
        const before = await footprint(database.db, target.pageId);
        const answer = await call(surface, 'member', row, target, other);
        expect(answer.ok ? 'ok' : answer.text).toBe('ok');
        expect(await footprint(database.db, target.pageId)).not.toEqual(before);
      },
    );

    it.each(RESTRICTED_PAGE_ROWS.filter(([, row]) => row.kind === 'read'))(
      '%s reads it',
      async (_row, row) => {
        const { target, other } = await setup(row);
        const answer = await call(surface, 'member', row, target, other);
        expect(answer.ok ? 'ok' : answer.text).toBe('ok');
      },
    );

    it.each(LISTING_ROWS)('%s includes it', async (_row, row) => {
      const { target, other } = await setup(row);
      const answer = await call(surface, 'member', row, target, other);
      expect(answer.ok).toBe(true);
      if (row.namesPages) expect(answer.text).toContain(target.pageId);
    });
  });
});
