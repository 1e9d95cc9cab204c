import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { SEED_IDS } from '../../host/seed/seed-ids';
import {
  databaseServices,
  databasePageWriter,
  docmostServices,
  requirePage,
  sharedHeavyWorkPool,
  ToolError,
  type DocmostServices,
  type ServiceCaller,
} from '../../src';
import type { DB, Page } from '../../src/database';

import { restrictPage } from '../permissions/support/restricted-pages';
import { BindingHost, type Person } from './support/binding-host';

/**
 * Docmost's rules, not copies of them: who may see, edit and comment on a page is decided, in
 * the mount, by Docmost's own `PageAccessService` (bound by `docmostServices`). Here the
 * reference host's `PageAccessService`, which implements Docmost's rules on its own SQL, stands
 * for Docmost's. For every person and every kind of page, three answers must agree with each
 * other and with the rule written out below: the bound decision the tools take, the package's
 * SQL policy (what a host without Docmost runs), and the same person's call of the host's
 * Docmost routes (`pages/info`, `comments/create`).
 */

let host: BindingHost;
let db: Kysely<DB>;
let bound: DocmostServices;
let sqlPolicy: DocmostServices;

/** What a person may do with a page. */
type Access = 'edit' | 'view' | 'none';

/** The pages of the table, by what makes each one a case. */
const pages: Record<string, string> = {};

/**
 * Docmost's rule, written out: space role (owner and admin are space admins in Product and
 * Leadership, the member a writer in Product through the Writers group, the viewer a reader in
 * Product), then every restriction on the chain must grant the person, and the nearest decides
 * edits.
 */
const EXPECTED: Readonly<Record<string, Readonly<Record<Person, Access>>>> = {
  /** No restriction: the space role decides. */
  open: { owner: 'edit', admin: 'edit', member: 'edit', viewer: 'view' },
  /** Restricted: the owner writes, the Writers group (the member) reads. */
  launchPlan: { owner: 'edit', admin: 'none', member: 'view', viewer: 'none' },
  /** Restricted to the owner. */
  compensationReview: {
    owner: 'edit',
    admin: 'none',
    member: 'none',
    viewer: 'none',
  },
  /** Under the compensation review: restricted by inheritance only. */
  salaryBands: { owner: 'edit', admin: 'none', member: 'none', viewer: 'none' },
  /** Restricted, under the launch plan, the Writers group writes: the nearest restriction decides. */
  nearestGrantsWriter: {
    owner: 'edit',
    admin: 'none',
    member: 'edit',
    viewer: 'none',
  },
  /** Restricted: the viewer (a space reader) writes, the admin (a space admin) reads. */
  pageRoleOverSpaceRole: {
    owner: 'edit',
    admin: 'view',
    member: 'none',
    viewer: 'edit',
  },
  /** Leadership: the member and the viewer are not in the space. */
  otherSpace: { owner: 'edit', admin: 'edit', member: 'none', viewer: 'none' },
};

const PEOPLE: readonly Person[] = ['owner', 'admin', 'member', 'viewer'];

beforeAll(async () => {
  host = await BindingHost.start();
  db = host.database.db;
  // The same binding the module makes of the host's services (and Docmost's mount of its own).
  bound = docmostServices(host.docmost);
  sqlPolicy = databaseServices({
    db,
    pageWriter: databasePageWriter,
    livePages: undefined,
    heavyWork: sharedHeavyWorkPool(),
  });
  pages.open = await host.newPage('Open to the space');
  pages.launchPlan = SEED_IDS.pages.launchPlan;
  pages.compensationReview = SEED_IDS.pages.compensationReview;
  pages.salaryBands = SEED_IDS.pages.salaryBands;
  pages.nearestGrantsWriter = await host.newPage(
    'Nested writers',
    SEED_IDS.pages.launchPlan,
  );
  await restrictPage(db, pages.nearestGrantsWriter, [
    { groupId: SEED_IDS.groups.writers, role: 'writer' },
  ]);
  pages.pageRoleOverSpaceRole = await host.newPage('The viewer writes');
  await restrictPage(db, pages.pageRoleOverSpaceRole, [
    { userId: host.users.viewer.id, role: 'writer' },
    { userId: SEED_IDS.users.admin, role: 'reader' },
  ]);
  pages.otherSpace = SEED_IDS.pages.strategy;
}, 60_000);
afterAll(async () => {
  await host?.close();
});

function caller(person: Person): ServiceCaller {
  const userId = host.users[person].id;
  const workspaceId = SEED_IDS.workspace;
  return {
    userId,
    workspaceId,
    aiChatId: null,
    call: { userId, workspaceId, surface: 'chat', sessionId: randomUUID() },
  };
}

/** The bound decision, as the tools take it: Docmost's `validateCanViewWithPermissions`. */
async function boundAccess(person: Person, pageId: string): Promise<Access> {
  const row = await db
    .selectFrom('pages')
    .selectAll()
    .where('id', '=', pageId)
    .executeTakeFirstOrThrow();
  const decision = await bound.pageAccess!.decide(caller(person), {
    ...row,
    content: null,
  } as Page);
  return decision.canView ? (decision.canEdit ? 'edit' : 'view') : 'none';
}

/** The package's SQL policy, as the tools apply it without a bound decision. */
async function sqlAccess(person: Person, pageId: string): Promise<Access> {
  try {
    const page = await requirePage(db, caller(person).call, pageId, {
      content: false,
    });
    return page.canEdit ? 'edit' : 'view';
  } catch (error) {
    if (ToolError.isToolError(error) && error.code === 'not_found')
      return 'none';
    throw error;
  }
}

/** The person's call of the host's `POST /api/pages/info`, which answers Docmost's permissions. */
async function routeAccess(person: Person, pageId: string): Promise<Access> {
  const info = await host.route(person, 'pages/info', { pageId });
  if (!info.ok) {
    expect([403, 404]).toContain(info.status);
    return 'none';
  }
  const { permissions } = info.value as { permissions: { canEdit: boolean } };
  return permissions.canEdit ? 'edit' : 'view';
}

const CASES = Object.keys(EXPECTED).flatMap((kind) =>
  PEOPLE.map((person) => ({ kind, person })),
);

describe('who may see and edit a page: the bound decision, the SQL policy and the route agree', () => {
  it.each(CASES)('$person on $kind', async ({ kind, person }) => {
    const pageId = pages[kind]!;
    const expected = EXPECTED[kind]![person];
    expect(await boundAccess(person, pageId)).toBe(expected);
    expect(await sqlAccess(person, pageId)).toBe(expected);
    expect(await routeAccess(person, pageId)).toBe(expected);
  });
});

describe('who may comment: the bound decision, the SQL policy and the route agree', () => {
  afterEach(async () => {
    await host.setSetting(
      'spaces',
      SEED_IDS.spaces.product,
      ['comments', 'allowViewerComments'],
      undefined,
    );
  });

  for (const allowViewerComments of [false, true]) {
    it.each(CASES)(
      `$person on $kind, allowViewerComments ${allowViewerComments ? 'on' : 'off'}`,
      async ({ kind, person }) => {
        for (const space of [
          SEED_IDS.spaces.product,
          SEED_IDS.spaces.leadership,
        ])
          await host.setSetting(
            'spaces',
            space,
            ['comments', 'allowViewerComments'],
            allowViewerComments,
          );
        const pageId = pages[kind]!;
        const access = EXPECTED[kind]![person];
        const expected =
          access === 'edit' || (access === 'view' && allowViewerComments);
        const byRoute = await host.route(person, 'comments/create', {
          pageId,
          content: JSON.stringify({
            type: 'doc',
            content: [
              {
                type: 'paragraph',
                content: [{ type: 'text', text: 'A note' }],
              },
            ],
          }),
        });
        expect(
          await bound.commentAccess.canComment(caller(person), pageId),
        ).toBe(expected);
        expect(
          await sqlPolicy.commentAccess.canComment(caller(person), pageId),
        ).toBe(expected);
        expect(byRoute.ok).toBe(expected);
        await host.setSetting(
          'spaces',
          SEED_IDS.spaces.leadership,
          ['comments', 'allowViewerComments'],
          undefined,
        );
      },
    );
  }
});

describe('a restricted page is not made public, by the agent as by the route', () => {
  it.each(['nearestGrantsWriter', 'pageRoleOverSpaceRole'])(
    'the %s page, by someone who may edit it',
    async (kind) => {
      const person: Person =
        kind === 'nearestGrantsWriter' ? 'member' : 'viewer';
      const pageId = pages[kind]!;
      expect(await boundAccess(person, pageId)).toBe('edit');
      const route = await host.route(person, 'shares/create', { pageId });
      expect(route.status).toBe(400);
      expect(route.value).toMatchObject({
        message: 'Cannot share a restricted page',
      });
      const shared = await host.agent(person, 'sharePage', { pageId });
      expect(shared.ok).toBe(false);
      expect(shared.value).toMatch(/is restricted/);
      const stashed = await host.agent(person, 'stashPage', { pageId });
      expect(stashed.ok).toBe(false);
      expect(stashed.value).toMatch(/is restricted/);
      expect([...route.effects, ...shared.effects, ...stashed.effects]).toEqual(
        [],
      );
    },
  );
});

describe("where Docmost's routes ask the space role besides the page's right", () => {
  // The viewer is a reader in Product whom the page lets write.
  const PRODUCT = SEED_IDS.spaces.product;

  it('a space reader the page lets write may not move it, by the agent as by the route', async () => {
    const pageId = pages.pageRoleOverSpaceRole!;
    const route = await host.route('viewer', 'pages/move', {
      pageId,
      position: 'a0',
      parentPageId: null,
    });
    expect(route.status).toBe(403);
    const agent = await host.agent('viewer', 'movePage', {
      pageId,
      parentPageId: null,
    });
    expect(agent.ok).toBe(false);
    expect(agent.value).toMatch(/role "reader" in its space/);
    expect([...route.effects, ...agent.effects]).toEqual([]);
  });

  it('may add a sub-page under it (the parent decides), and not a page at the root', async () => {
    const parentPageId = pages.pageRoleOverSpaceRole!;
    const route = await host.route('viewer', 'pages/create', {
      spaceId: PRODUCT,
      parentPageId,
      title: 'Child by the route',
    });
    expect(route.status).toBe(200);
    const agent = await host.agent('viewer', 'createPage', {
      spaceId: PRODUCT,
      parentPageId,
      title: 'Child by the agent',
    });
    expect(agent.ok).toBe(true);
    const atRootByRoute = await host.route('viewer', 'pages/create', {
      spaceId: PRODUCT,
      title: 'Root by the route',
    });
    expect(atRootByRoute.status).toBe(403);
    const atRootByAgent = await host.agent('viewer', 'createPage', {
      spaceId: PRODUCT,
      title: 'Root by the agent',
    });
    expect(atRootByAgent.ok).toBe(false);
    expect(atRootByAgent.value).toMatch(/read-only access/);
  });
});

describe('someone who is no longer a user of the workspace', () => {
  it('may neither see nor comment on a page their space membership still names', async () => {
    const userId = randomUUID();
    await sql`insert into users (id, name, email, role, workspace_id, deleted_at) values (${userId}, 'Gone', 'gone@acme.test', 'member', ${SEED_IDS.workspace}, now())`.execute(
      db,
    );
    await sql`insert into space_members (user_id, space_id, role) values (${userId}, ${SEED_IDS.spaces.product}, 'writer')`.execute(
      db,
    );
    const gone = { userId, workspaceId: SEED_IDS.workspace };
    const row = await db
      .selectFrom('pages')
      .selectAll()
      .where('id', '=', pages.open!)
      .executeTakeFirstOrThrow();
    expect(
      await bound.pageAccess!.decide(gone, { ...row, content: null } as Page),
    ).toEqual({ canView: false, canEdit: false, restricted: false });
    expect(
      await bound.commentAccess.canComment(
        {
          ...gone,
          aiChatId: null,
          call: { ...gone, surface: 'chat', sessionId: 's' },
        },
        pages.open!,
      ),
    ).toBe(false);
  });
});

describe("the tools take the bound decision: Docmost's PageAccessService is asked", () => {
  it('for the page a tool reads, and its answer decides', async () => {
    const asked = jest.spyOn(
      host.docmost.pageAccessService,
      'validateCanViewWithPermissions',
    );
    try {
      const read = await host.agent('admin', 'getPage', {
        pageId: pages.pageRoleOverSpaceRole,
      });
      expect(read.ok).toBe(true);
      expect(asked).toHaveBeenCalledWith(
        expect.objectContaining({ id: pages.pageRoleOverSpaceRole }),
        expect.objectContaining({ id: SEED_IDS.users.admin }),
      );
      // A space admin who only reads this page: Docmost's answer refuses the edit.
      const rename = await host.agent('admin', 'renamePage', {
        pageId: pages.pageRoleOverSpaceRole,
        title: 'Renamed by the admin',
      });
      expect(rename.ok).toBe(false);
      expect(rename.value).toMatch(/read-only access.*restricted/);
      // A space reader the page lets write: Docmost's answer allows it.
      const renamed = await host.agent('viewer', 'renamePage', {
        pageId: pages.pageRoleOverSpaceRole,
        title: 'Renamed by the viewer',
      });
      expect(renamed.ok).toBe(true);
    } finally {
      asked.mockRestore();
    }
  });
});

describe("who may comment: Docmost's rule, for the agent's tools as for the route", () => {
  const PRODUCT = SEED_IDS.spaces.product;
  const body = (text: string) =>
    JSON.stringify({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
    });

  /** A thread the owner opens through Docmost's route, for a reply to act on. */
  async function ownersThread(pageId: string): Promise<string> {
    const thread = await host.route('owner', 'comments/create', {
      pageId,
      content: body('A question'),
    });
    expect(thread.status).toBe(200);
    return (thread.value as { id: string }).id;
  }

  /** Owner and admin are space admins, the member a writer (through a group), the viewer a reader. */
  const MAY_EDIT: Readonly<Record<Person, boolean>> = {
    owner: true,
    admin: true,
    member: true,
    viewer: false,
  };

  afterEach(async () => {
    await host.setSetting(
      'spaces',
      PRODUCT,
      ['comments', 'allowViewerComments'],
      undefined,
    );
  });

  async function replies(person: Person, pageId: string) {
    const [ta, tb] = [await ownersThread(pageId), await ownersThread(pageId)];
    const agent = await host.agent(person, 'createComment', {
      pageId,
      parentCommentId: ta,
      content: 'A reply',
    });
    const route = await host.route(person, 'comments/create', {
      pageId,
      parentCommentId: tb,
      content: body('A reply'),
    });
    return { agent, route };
  }

  for (const allowViewerComments of [false, true]) {
    it.each(PEOPLE)(
      `%s on a page of the space, allowViewerComments ${allowViewerComments ? 'on' : 'off'}`,
      async (person) => {
        await host.setSetting(
          'spaces',
          PRODUCT,
          ['comments', 'allowViewerComments'],
          allowViewerComments,
        );
        const page = await host.newPage('Open to the space');
        const { agent, route } = await replies(person, page);
        const allowed = MAY_EDIT[person] || allowViewerComments;
        expect(route.ok).toBe(allowed);
        expect(agent.ok).toBe(allowed);
        if (!allowed) {
          expect(agent.value).toMatch(/allowViewerComments/);
          expect(route.status).toBe(403);
          expect(agent.effects).toEqual([]);
        }
      },
    );

    it(`a restricted page the member may only read, allowViewerComments ${allowViewerComments ? 'on' : 'off'}`, async () => {
      await host.setSetting(
        'spaces',
        PRODUCT,
        ['comments', 'allowViewerComments'],
        allowViewerComments,
      );
      const { agent, route } = await replies(
        'member',
        SEED_IDS.pages.launchPlan,
      );
      expect(route.ok).toBe(allowViewerComments);
      expect(agent.ok).toBe(allowViewerComments);
      if (!allowViewerComments)
        expect(agent.value).toMatch(/restricted.*allowViewerComments/);
    });

    it(`a restricted page hidden from the member, allowViewerComments ${allowViewerComments ? 'on' : 'off'}`, async () => {
      await host.setSetting(
        'spaces',
        PRODUCT,
        ['comments', 'allowViewerComments'],
        allowViewerComments,
      );
      const { agent, route } = await replies(
        'member',
        SEED_IDS.pages.compensationReview,
      );
      expect(route.ok).toBe(false);
      expect(agent.ok).toBe(false);
      expect(agent.value).toMatch(/not found or no access/);
    });
  }
});
