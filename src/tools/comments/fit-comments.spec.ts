import { outputChars } from '../../heavy-tasks';
import type { CommentView, ThreadView } from './comment-view';
import { fitThread, fitThreads } from './fit-comments';

const comment = (id: string, chars: number): CommentView =>
  ({
    id,
    text: 'x'.repeat(chars),
    author: { id: 'u', name: 'Ann' },
    createdAt: '2025-01-01T00:00:00.000Z',
    createdSource: 'user',
  }) as unknown as CommentView;

const thread = (
  id: string,
  replies: readonly CommentView[],
  chars = 100,
): ThreadView => ({
  ...comment(id, chars),
  selection: 'text',
  anchorBlockId: null,
  resolved: false,
  resolvedAt: null,
  resolvedBy: null,
  replies,
});

describe('fitThread', () => {
  it('leaves a thread within the limit as it is', () => {
    const small = thread('t', [comment('r1', 100)]);
    expect(fitThread(small, 10_000)).toBe(small);
  });

  it('keeps the earliest replies that fit and lists the ids of the others', () => {
    const replies = Array.from({ length: 60 }, (_, index) =>
      comment(`r${index}`, 1000),
    );
    const fitted = fitThread(thread('t', replies), 50_000);
    expect(outputChars(fitted)).toBeLessThanOrEqual(50_000);
    expect(fitted.replies.length).toBeGreaterThan(0);
    expect(fitted.replies).toEqual(replies.slice(0, fitted.replies.length));
    expect(fitted.omittedReplyIds).toEqual(
      replies.slice(fitted.replies.length).map((reply) => reply.id),
    );
    expect(fitted.truncated).toMatch(
      new RegExp(
        `^${60 - fitted.replies.length} of 60 replies left out .* getComment`,
      ),
    );
  });
});

describe('fitThreads', () => {
  it('keeps whole threads in order and names the ids of those left out', () => {
    const threads = Array.from({ length: 30 }, (_, index) =>
      thread(`t${index}`, [comment(`r${index}`, 1500)], 1500),
    );
    const fitted = fitThreads(threads, 60_000);
    expect(outputChars(fitted)).toBeLessThanOrEqual(60_000);
    expect(fitted.threads).toEqual(threads.slice(0, fitted.threads.length));
    expect(fitted.omittedThreadIds).toEqual(
      threads.slice(fitted.threads.length).map((item) => item.id),
    );
    expect(fitted.truncated).toContain('threads left out');
    expect(fitThreads(threads.slice(0, 2), 60_000)).toEqual({
      threads: threads.slice(0, 2),
    });
  });
});
