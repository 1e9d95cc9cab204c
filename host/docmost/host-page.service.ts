import { sql, type Kysely } from 'kysely';
import type {
  DB,
  DocmostProvenance,
  DocmostServices,
  JsonValue,
} from '../../src';
import type { DocmostEffects } from './docmost-effects';
import { hostCaller } from './host-caller';
import type { HostPage, HostUser } from './host-repos';
import { addPageWatcher } from './page-watchers';

/**
 * The reference host's `PageService`, with Docmost's method shapes: the rows through the
 * package's database binding, then what Docmost's page service and repository do besides: the
 * page event its listeners turn into search and embedding jobs, the tree event to the space's
 * sidebars, the creator or editor as a watcher.
 */
export class HostPageService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly effects: DocmostEffects,
    private readonly database: () => DocmostServices,
  ) {}

  /**
   * The database binding records its writes as the agent's (the tools are its only caller); a
   * person's own route records them as the person's, as Docmost does without the agent claim.
   */
  private async asPersonUnlessAgent(
    pageId: string,
    provenance: DocmostProvenance | undefined,
  ): Promise<void> {
    if (provenance?.actor === 'agent') return;
    await sql`update pages set last_updated_source = 'user', last_updated_ai_chat_id = null where id = ${pageId}`.execute(
      this.db,
    );
    await sql`update page_history set last_updated_source = 'user', last_updated_ai_chat_id = null where page_id = ${pageId} and id = (select id from page_history where page_id = ${pageId} order by created_at desc limit 1)`.execute(
      this.db,
    );
  }

  async create(
    userId: string,
    workspaceId: string,
    createPageDto: {
      title?: string;
      parentPageId?: string;
      spaceId: string;
      content?: string | object;
      format?: 'json' | 'markdown' | 'html';
    },
    provenance?: DocmostProvenance,
  ): Promise<{ id: string }> {
    if (createPageDto.format !== undefined && createPageDto.format !== 'json')
      throw new Error(
        `the reference host creates pages from ProseMirror JSON only (format "json"), not "${createPageDto.format}"`,
      );
    const content =
      typeof createPageDto.content === 'string'
        ? JSON.parse(createPageDto.content)
        : (createPageDto.content ?? { type: 'doc', content: [] });
    const caller = hostCaller(
      { id: userId, workspaceId, role: null },
      workspaceId,
      provenance,
    );
    const { id } = await this.database().pages.create({
      caller,
      spaceId: createPageDto.spaceId,
      parentPageId: createPageDto.parentPageId ?? null,
      title: createPageDto.title ?? '',
      content: content as JsonValue,
    });
    await this.asPersonUnlessAgent(id, provenance);
    this.effects.record({
      kind: 'event',
      name: 'PAGE_CREATED',
      pageId: id,
      spaceId: createPageDto.spaceId,
      userId,
    });
    this.effects.record({
      kind: 'ws',
      name: 'addTreeNode',
      pageId: id,
      spaceId: createPageDto.spaceId,
      userId,
      details: { parentPageId: createPageDto.parentPageId ?? null },
    });
    await addPageWatcher(this.db, this.effects, {
      userId,
      pageId: id,
      spaceId: createPageDto.spaceId,
      workspaceId,
    });
    return { id };
  }

  async update(
    page: HostPage,
    updatePageDto: { pageId: string; title?: string },
    user: HostUser,
    provenance?: DocmostProvenance,
  ): Promise<void> {
    if (
      updatePageDto.title !== undefined &&
      updatePageDto.title !== page.title
    ) {
      const { version } = await this.db
        .selectFrom('pages')
        .select(sql<string>`updated_at::text`.as('version'))
        .where('id', '=', page.id)
        .executeTakeFirstOrThrow();
      await this.database().pages.rename({
        caller: hostCaller(user, page.workspaceId, provenance),
        pageId: page.id,
        title: updatePageDto.title,
        version,
      });
      await this.asPersonUnlessAgent(page.id, provenance);
      this.effects.record({
        kind: 'event',
        name: 'PAGE_UPDATED',
        pageId: page.id,
        spaceId: page.spaceId,
        userId: user.id,
      });
      this.effects.record({
        kind: 'ws',
        name: 'updateOne',
        pageId: page.id,
        spaceId: page.spaceId,
        userId: user.id,
        details: { title: updatePageDto.title },
      });
    }
    await addPageWatcher(this.db, this.effects, {
      userId: user.id,
      pageId: page.id,
      spaceId: page.spaceId,
      workspaceId: page.workspaceId,
    });
  }

  async movePage(
    dto: { pageId: string; position: string; parentPageId?: string | null },
    movedPage: HostPage,
    provenance?: DocmostProvenance,
  ): Promise<void> {
    await this.database().pages.move({
      caller: hostCaller(
        { id: 'unknown', workspaceId: movedPage.workspaceId, role: null },
        movedPage.workspaceId,
        provenance,
      ),
      pageId: movedPage.id,
      parentPageId: dto.parentPageId ?? null,
      position: dto.position,
      spaceId: movedPage.spaceId,
    });
    this.effects.record({
      kind: 'event',
      name: 'PAGE_MOVED',
      pageId: movedPage.id,
      spaceId: movedPage.spaceId,
      details: {
        oldParentId: movedPage.parentPageId,
        parentPageId: dto.parentPageId ?? null,
      },
    });
    this.effects.record({
      kind: 'ws',
      name: 'moveTreeNode',
      pageId: movedPage.id,
      spaceId: movedPage.spaceId,
      details: { parentPageId: dto.parentPageId ?? null },
    });
  }

  async movePageToSpace(
    rootPage: HostPage,
    spaceId: string,
    userId: string,
    provenance?: DocmostProvenance,
  ): Promise<void> {
    const { position } = await this.db
      .selectFrom('pages')
      .select('position')
      .where('id', '=', rootPage.id)
      .executeTakeFirstOrThrow();
    await this.database().pages.move({
      caller: hostCaller(
        { id: userId, workspaceId: rootPage.workspaceId, role: null },
        rootPage.workspaceId,
        provenance,
      ),
      pageId: rootPage.id,
      parentPageId: null,
      position: position ?? 'a0',
      spaceId,
    });
    this.effects.record({
      kind: 'queue',
      name: 'PAGE_MOVED_TO_SPACE',
      pageId: rootPage.id,
      spaceId,
      userId,
      details: { fromSpaceId: rootPage.spaceId },
    });
  }

  async removePage(
    pageId: string,
    userId: string,
    workspaceId: string,
  ): Promise<void> {
    const page = await this.db
      .selectFrom('pages')
      .select('spaceId')
      .where('id', '=', pageId)
      .executeTakeFirstOrThrow();
    await this.database().pages.trash({
      caller: hostCaller(
        { id: userId, workspaceId, role: null },
        workspaceId,
        undefined,
      ),
      pageId,
    });
    this.effects.record({
      kind: 'event',
      name: 'PAGE_SOFT_DELETED',
      pageId,
      spaceId: page.spaceId,
      userId,
    });
    this.effects.record({
      kind: 'ws',
      name: 'deleteTreeNode',
      pageId,
      spaceId: page.spaceId,
      userId,
    });
  }
}
