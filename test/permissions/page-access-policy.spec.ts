import 'reflect-metadata';
import { PAGE_NOT_FOUND } from '../../src/access';
import { randomUUID } from 'node:crypto';
import { Test } from '@nestjs/testing';
import { sql, type SqlBool } from 'kysely';
import { AiToolsModule } from '../../src/ai-tools.module';
import { createCommentSignalInterceptor } from '../../src/comment-signal';
import { SEED_IDS } from '../../host/seed/seed-ids';
import { TOOL_REGISTRY, type ToolRegistry } from '../../src/registry';
import { createToolRegistry } from '../../src/registry/create-tool-registry';
import type { PageAccessPolicy, PagePermission } from '../../src/access';
import { TOOL_DEFINITIONS } from '../../src/tools/tool-definitions';
import { createDocmostExecutors } from '../../src/tools/docmost-executors';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';
import {
  contextFor,
  expectToolError,
  type SeedUser,
} from '../support/seeded-tools';
import {
  createTargetPage,
  restrictPage,
  type TargetPage,
} from './support/restricted-pages';
import { callOnSurface, SURFACES, type Surface } from './support/surface-calls';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

/** A human (the admin) comments on the page now, as Docmost's editor would store it. */
async function humanComment(pageId: string): Promise<void> {
  await database.db
    .insertInto('comments')
    .values({
      pageId,
      spaceId: SEED_IDS.spaces.product,
      workspaceId: SEED_IDS.workspace,
      creatorId: SEED_IDS.users.admin,
      content: { type: 'doc' } as never,
      type: 'inline',
    })
    .execute();
}

describe('the comment signal counts only pages the caller may see', () => {
  let registry: ToolRegistry;
  beforeAll(() => {
    registry = createToolRegistry({
      specs: TOOL_DEFINITIONS,
      executors: createDocmostExecutors(database.db),
      interceptors: [
        createCommentSignalInterceptor({ db: database.db, debounceMs: 0 }),
      ],
      logger: { warn: () => undefined },
    });
  });

  /** A session that reads `target` while its group grant holds, then reads `other` after a human commented on `target`. */
  async function sessionAfterComment(
    surface: Surface,
    user: SeedUser,
    target: TargetPage,
    other: TargetPage,
    revoke: () => Promise<void>,
  ) {
    const context = contextFor(user, {
      sessionId: randomUUID(),
      sessionStartedAt: new Date(),
    });
    expect(
      (
        await callOnSurface(registry, surface, context, 'getPage', {
          pageId: target.pageId,
        })
      ).ok,
    ).toBe(true);
    await revoke();
    await humanComment(target.pageId);
    return callOnSurface(registry, surface, context, 'getPage', {
      pageId: other.pageId,
    });
  }

  it.each(SURFACES)(
    'through %s: no signal about a page whose grant was revoked, a signal while it holds',
    async (surface) => {
      const other = await createTargetPage(database.db);
      const revoked = await createTargetPage(database.db);
      const [grant] = await restrictPage(database.db, revoked.pageId, [
        { groupId: SEED_IDS.groups.writers, role: 'reader' },
      ]);
      const afterRevoke = await sessionAfterComment(
        surface,
        'member',
        revoked,
        other,
        async () => {
          await database.db
            .deleteFrom('pagePermissions')
            .where('id', '=', grant!)
            .execute();
        },
      );
      expect(afterRevoke.ok).toBe(true);
      expect(afterRevoke.text).not.toContain('[signal]');
      expect(afterRevoke.text).not.toContain(revoked.pageId);

      const kept = await createTargetPage(database.db);
      await restrictPage(database.db, kept.pageId, [
        { groupId: SEED_IDS.groups.writers, role: 'reader' },
      ]);
      const whileGranted = await sessionAfterComment(
        surface,
        'member',
        kept,
        other,
        async () => undefined,
      );
      expect(whileGranted.text).toContain(
        `[signal] new comments: 1 on page ${kept.pageId}`,
      );
    },
  );
});

/** Every question the module put to the host's policy, in order, with the caller it named. */
const policyCalls: {
  readonly method: 'pagePermissions' | 'visiblePage';
  readonly userId: string;
  readonly pageIds?: readonly string[];
}[] = [];

/**
 * A host's own rule, bound through the module options: pages titled "Host secret ..." are hidden
 * and pages titled "Host frozen ..." are read-only; Docmost's page_access rows no longer decide.
 */
const HOST_POLICY: PageAccessPolicy = {
  async pagePermissions(db, caller, pageIds) {
    policyCalls.push({
      method: 'pagePermissions',
      userId: caller.userId,
      pageIds: [...pageIds],
    });
    const pages = await db
      .selectFrom('pages')
      .select(['id', 'title'])
      .where('id', 'in', pageIds)
      .execute();
    const rights = (title: string): PagePermission =>
      title.startsWith('Host secret')
        ? { canView: false, canEdit: false }
        : {
            canView: true,
            canEdit: title.startsWith('Host frozen') ? false : undefined,
          };
    return new Map(pages.map((page) => [page.id, rights(page.title ?? '')]));
  },
  visiblePage: (caller, page) => {
    policyCalls.push({ method: 'visiblePage', userId: caller.userId });
    return sql<SqlBool>`not exists (select 1 from pages host_page where host_page.id = ${page.id} and host_page.title like 'Host secret%')`;
  },
};

describe('a host replaces the page-access policy with AiToolsModule.forRoot({ pageAccess })', () => {
  let registry: ToolRegistry;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [
        AiToolsModule.forRoot({
          db: database.db,
          pageAccess: HOST_POLICY,
          commentSignal: { debounceMs: 0 },
          logger: { warn: () => undefined },
        }),
      ],
    }).compile();
    registry = moduleRef.get<ToolRegistry>(TOOL_REGISTRY);
    close = () => moduleRef.close();
  });
  afterAll(async () => close?.());

  async function titled(title: string): Promise<string> {
    const page = await createTargetPage(database.db);
    await database.db
      .updateTable('pages')
      .set({ title })
      .where('id', '=', page.pageId)
      .execute();
    return page.pageId;
  }

  it("asks the host's policy, for the caller, about the page a tool opens and the pages a listing shows", async () => {
    const pageId = await titled(`Host plain ${randomUUID()}`);
    policyCalls.length = 0;
    await registry.call('getPage', { pageId }, contextFor('member'));
    expect(
      policyCalls.filter((call) => call.method === 'pagePermissions'),
    ).toEqual([
      {
        method: 'pagePermissions',
        userId: SEED_IDS.users.member,
        pageIds: [pageId],
      },
    ]);
    policyCalls.length = 0;
    await registry.call(
      'listPages',
      { spaceId: SEED_IDS.spaces.product, limit: 100 },
      contextFor('admin'),
    );
    expect(policyCalls).toContainEqual({
      method: 'visiblePage',
      userId: SEED_IDS.users.admin,
    });
  });

  it('hides what the host hides, in reads and in listings', async () => {
    const secret = await titled(`Host secret ${randomUUID()}`);
    const error = await expectToolError(
      registry.call('getPage', { pageId: secret }, contextFor('member')),
    );
    expect(error.message).toBe(`page ${secret} ${PAGE_NOT_FOUND}`);
    const listed = (
      await registry.call(
        'listPages',
        { spaceId: SEED_IDS.spaces.product, limit: 100 },
        contextFor('owner'),
      )
    ).output as { pages: { id: string }[] };
    expect(listed.pages.map((page) => page.id)).not.toContain(secret);
  });

  it('refuses edits the host refuses', async () => {
    const title = `Host frozen ${randomUUID()}`;
    const frozen = await titled(title);
    expect(
      (await registry.call('getPage', { pageId: frozen }, contextFor('member')))
        .output,
    ).toMatchObject({ title });
    const error = await expectToolError(
      registry.call(
        'renamePage',
        { pageId: frozen, title: 'Thawed' },
        contextFor('member'),
      ),
    );
    expect(error.message).toContain('read-only access');
  });

  it("passes the host's rule to the comment signal: no signal about a page the host hid meanwhile", async () => {
    const other = await titled(`Host plain ${randomUUID()}`);
    const titles = [`Host plain ${randomUUID()}`, `Host plain ${randomUUID()}`];
    const pages = [await titled(titles[0]!), await titled(titles[1]!)];
    const context = contextFor('member', {
      sessionId: randomUUID(),
      sessionStartedAt: new Date(),
    });
    for (const [index, pageId] of pages.entries())
      expect(
        (await registry.call('getPage', { pageId }, context)).output,
      ).toMatchObject({ title: titles[index] });
    await database.db
      .updateTable('pages')
      .set({ title: 'Host secret now' })
      .where('id', '=', pages[0]!)
      .execute();
    for (const pageId of pages) await humanComment(pageId);
    const { notices } = await registry.call(
      'getPage',
      { pageId: other },
      context,
    );
    expect(notices.join('\n')).toContain(
      `[signal] new comments: 1 on page ${pages[1]}`,
    );
    expect(notices.join('\n')).not.toContain(pages[0]!);
  });

  it("no longer applies Docmost's default rule: the owner-only seeded page is the host's to decide", async () => {
    const page = (
      await registry.call(
        'getPage',
        { pageId: SEED_IDS.pages.compensationReview },
        contextFor('member'),
      )
    ).output;
    expect(page).toMatchObject({ title: 'Compensation Review 2025' });
  });
});
