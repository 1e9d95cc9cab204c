import { randomUUID } from 'node:crypto';
import {
  BadRequestException,
  ForbiddenException,
  Inject,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import type { Kysely } from 'kysely';
import {
  InjectKysely,
  InjectToolRegistry,
  ToolError,
  requirePage,
  type DB,
  type JsonValue,
  type ToolCallContext,
  type ToolRegistry,
} from '../../src';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import type { PageComment, SidebarPage, SidebarSpace } from './web-api';
import { WebRepository } from './web.repository';
import { HOST_DOCMOST, type HostDocmost } from '../docmost';

/** A comment's text as Docmost stores it: a ProseMirror document, one paragraph per line. */
function commentDocument(text: string): JsonValue {
  return {
    type: 'doc',
    content: text
      .split('\n')
      .map((line): JsonValue =>
        line === ''
          ? { type: 'paragraph' }
          : { type: 'paragraph', content: [{ type: 'text', text: line }] },
      ),
  };
}

/** Most characters of a comment the web app adds (Docmost's editor has no tighter rule). */
export const MAX_COMMENT_CHARS = 10_000;

/** listPages' largest batch. */
const PAGE_BATCH = 100;
/** A workspace with more pages than this is beyond what the reference sidebar shows. */
const MAX_SIDEBAR_PAGES = 2_000;

/**
 * The web app's reads go through the module's own tools (listSpaces, listPages), so the
 * sidebar shows exactly what the agent may see for the user: workspace, space membership and
 * page-level permissions, Docmost's rules. They run the executors directly, without the
 * registry's interceptors: the comment signal is about an agent's work, not a person's clicks.
 */
@Injectable()
export class WebService {
  constructor(
    @InjectKysely() private readonly db: Kysely<DB>,
    @InjectToolRegistry() private readonly registry: ToolRegistry,
    private readonly repository: WebRepository,
    @Inject(HOST_DOCMOST) private readonly docmost: HostDocmost,
  ) {}

  private async runTool<T>(
    name: string,
    input: unknown,
    user: AuthenticatedUser,
  ): Promise<T> {
    const tool = this.registry.get(name);
    if (!tool) throw new Error(`the registry has no tool ${name}`);
    const parsed = await this.registry.parseInput(tool, input);
    if (!parsed.success) throw parsed.error;
    const context: ToolCallContext = {
      userId: user.userId,
      workspaceId: user.workspaceId,
      surface: 'mcp',
      sessionId: randomUUID(),
    };
    return (await tool.executor(parsed.input as never, context)) as T;
  }

  /** The spaces the user belongs to, each with the pages the user may see. */
  async sidebar(user: AuthenticatedUser): Promise<SidebarSpace[]> {
    const { spaces } = await this.runTool<{
      spaces: { id: string; name: string; role: string }[];
    }>('listSpaces', {}, user);
    const result: SidebarSpace[] = [];
    for (const space of spaces) {
      const pages: SidebarPage[] = [];
      let cursor: string | null | undefined;
      do {
        const batch = await this.runTool<{
          pages: SidebarPage[];
          nextCursor: string | null;
        }>(
          'listPages',
          { spaceId: space.id, limit: PAGE_BATCH, ...(cursor && { cursor }) },
          user,
        );
        for (const page of batch.pages)
          pages.push({
            id: page.id,
            title: page.title,
            parentPageId: page.parentPageId,
          });
        cursor = batch.nextCursor;
      } while (cursor && pages.length < MAX_SIDEBAR_PAGES);
      result.push({ id: space.id, name: space.name, role: space.role, pages });
    }
    return result;
  }

  /** The page as the user may see it; a page they may not see reads as one that does not exist. */
  private async visiblePage(
    user: AuthenticatedUser,
    pageId: string,
    write = false,
  ) {
    try {
      return await requirePage(this.db, user, pageId, {
        write,
        content: false,
      });
    } catch (error) {
      if (error instanceof ToolError && error.code === 'not_found')
        throw new NotFoundException(`page ${pageId} not found or no access`);
      if (error instanceof ToolError && error.code === 'forbidden')
        throw new ForbiddenException(error.message);
      throw error;
    }
  }

  async comments(
    user: AuthenticatedUser,
    pageId: string,
  ): Promise<PageComment[]> {
    const page = await this.visiblePage(user, pageId);
    return this.repository.pageComments(page.id);
  }

  /** Adds the user's comment (a reply when `parentCommentId` is given); Docmost lets editors comment. */
  async addComment(
    user: AuthenticatedUser,
    pageId: string,
    comment: { readonly text: string; readonly parentCommentId?: string },
  ): Promise<PageComment> {
    // Docmost's rule: whoever may edit the page, or view it where the space allows viewer comments.
    const page = await this.visiblePage(user, pageId);
    const author = await this.docmost.userRepo.findById(
      user.userId,
      user.workspaceId,
    );
    const target = await this.docmost.pageRepo.findById(page.id);
    if (!author || !target)
      throw new NotFoundException(`page ${pageId} not found`);
    await this.docmost.pageAccessService.validateCanComment(
      target,
      author,
      user.workspaceId,
    );
    if (
      comment.parentCommentId !== undefined &&
      !(await this.repository.isThreadOf(comment.parentCommentId, page.id))
    )
      throw new BadRequestException(
        `parentCommentId ${comment.parentCommentId} is not a thread of this page; reply to a top-level comment`,
      );
    // Through the host's comment service, as the agent's comments: the page's room is told,
    // the author watches the page, the watchers are notified.
    const { id } = await this.docmost.commentService.create(
      { page: target, workspaceId: user.workspaceId, user: author },
      {
        pageId: page.id,
        content: JSON.stringify(commentDocument(comment.text)),
        type: 'page',
        ...(comment.parentCommentId === undefined
          ? {}
          : { parentCommentId: comment.parentCommentId }),
      },
      { actor: 'user', aiChatId: null },
    );
    const [created] = await this.repository.pageComments(page.id, id);
    return created!;
  }
}
