import type {
  CommentCountRequest,
  CommentCountResult,
  CommentSignalSource,
  CommentWatermarkBound,
  PageCommentCount,
  PagesInSpaceRequest,
} from '../session';
import { isUuid } from '../../ground';

/** A clock tests move by hand. */
export class ManualClock {
  constructor(private current = Date.UTC(2026, 0, 1)) {}

  now(): number {
    return this.current;
  }

  advance(milliseconds: number): void {
    this.current += milliseconds;
  }
}

interface FakePage {
  readonly id: string;
  readonly title: string | null;
  readonly workspaceId: string;
  /** Default: no space, so a space-wide check never covers the page. */
  readonly spaceId?: string;
}

interface FakeComment {
  readonly pageId: string;
  /** Stored like the real table stores it, so tests can prove it never reaches a signal. */
  readonly text: string;
  readonly createdAt: number;
  readonly createdSource: 'user' | 'agent';
  readonly aiChatId: string | null;
  readonly creatorId: string;
}

/**
 * An in-memory comment source with the database source's semantics on the test clock (which
 * plays the database clock). Strict: a request the interceptor must never send (no pages,
 * slug ids, duplicates, several pages to a per-page source) throws and is recorded.
 */
export class FakeCommentSource implements CommentSignalSource {
  readonly requests: CommentCountRequest[] = [];
  readonly violations: string[] = [];
  private readonly pages = new Map<string, FakePage>();
  private readonly comments: FakeComment[] = [];
  private readonly previousTurnEnds = new Map<string, number>();
  private failure: (() => Promise<never>) | undefined;

  constructor(
    private readonly clock: ManualClock,
    readonly mode: CommentSignalSource['mode'] = 'grouped',
  ) {}

  addPage(page: FakePage): void {
    this.pages.set(page.id, page);
  }

  addComment(
    comment: Omit<
      FakeComment,
      'createdAt' | 'createdSource' | 'aiChatId' | 'creatorId'
    > &
      Partial<FakeComment>,
  ): void {
    this.comments.push({
      createdSource: 'user',
      aiChatId: null,
      creatorId: 'a-human',
      createdAt: this.clock.now(),
      ...comment,
    });
  }

  endTurn(chatId: string, at: number): void {
    this.previousTurnEnds.set(chatId, at);
  }

  /** Every later request fails this way (rejects, or never settles). */
  failWith(failure: (() => Promise<never>) | undefined): void {
    this.failure = failure;
  }

  async countNewComments(
    request: CommentCountRequest,
  ): Promise<CommentCountResult> {
    this.requests.push(request);
    const problem = this.problemWith(request);
    if (problem !== undefined) {
      this.violations.push(problem);
      throw new Error(problem);
    }
    if (this.failure !== undefined) return this.failure();
    const now = this.clock.now();
    const at = (bound: CommentWatermarkBound): number =>
      'database' in bound
        ? Date.parse(bound.database)
        : now - bound.millisecondsAgo;
    let baseline = at(request.baseline);
    const turnEnd =
      request.previousTurnOfChatId === undefined
        ? undefined
        : this.previousTurnEnds.get(request.previousTurnOfChatId);
    if (turnEnd !== undefined) baseline = Math.min(baseline, turnEnd);
    const counts: PageCommentCount[] = [];
    for (const { pageId, after } of request.pages) {
      const page = this.pages.get(pageId);
      if (page === undefined || page.workspaceId !== request.workspaceId)
        continue;
      const since = after === undefined ? baseline : at(after);
      const fresh = this.comments.filter(
        (comment) =>
          comment.pageId === pageId &&
          comment.createdAt > since &&
          !(
            comment.createdSource === 'agent' &&
            (request.agent.chatId !== undefined
              ? comment.aiChatId === request.agent.chatId
              : comment.creatorId === request.agent.userId)
          ),
      );
      if (fresh.length === 0) continue;
      const latest = Math.max(...fresh.map((comment) => comment.createdAt));
      counts.push({
        pageId,
        title: page.title,
        count: fresh.length,
        latest: new Date(latest).toISOString(),
        after: new Date(since).toISOString(),
      });
    }
    return { baseline: new Date(baseline).toISOString(), pages: counts };
  }

  async pagesInSpace(request: PagesInSpaceRequest): Promise<readonly string[]> {
    return request.pageIds.filter((pageId) => {
      const page = this.pages.get(pageId);
      return (
        page !== undefined &&
        page.workspaceId === request.workspaceId &&
        page.spaceId === request.spaceId
      );
    });
  }

  private problemWith(request: CommentCountRequest): string | undefined {
    if (request.pages.length === 0) return 'a request without pages';
    if (this.mode === 'per-page' && request.pages.length !== 1)
      return `a per-page request with ${request.pages.length} pages`;
    const ids = request.pages.map((page) => page.pageId);
    if (ids.some((id) => !isUuid(id)))
      return `a non-uuid page id in ${ids.join(', ')}`;
    if (new Set(ids).size !== ids.length)
      return `duplicate page ids in ${ids.join(', ')}`;
    return undefined;
  }
}
