import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { api, type Session } from './api';
import type { PageComment } from '../web-api';

/** How often the panel looks for comments others (or the agent) made. */
const REFRESH_MS = 3_000;

function Comment({ comment }: { comment: PageComment }) {
  return (
    <div className={comment.resolved ? 'comment resolved' : 'comment'}>
      <div className="comment-meta">
        <strong>{comment.author}</strong>
        {comment.source === 'agent' && (
          <span className="tool-badge">agent</span>
        )}
        {comment.resolved && <span className="tool-badge">resolved</span>}
        <time dateTime={comment.createdAt}>
          {new Date(comment.createdAt).toLocaleTimeString()}
        </time>
      </div>
      {comment.selection && <blockquote>{comment.selection}</blockquote>}
      <p>{comment.text}</p>
    </div>
  );
}

/** The page's comment threads, and a box to add one (as the signed-in person). */
export function CommentsPanel({
  session,
  pageId,
}: {
  readonly session: Session;
  readonly pageId: string;
}) {
  const [comments, setComments] = useState<PageComment[]>([]);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string>();
  const load = useCallback(async () => {
    try {
      const { comments } = await api<{ comments: PageComment[] }>(
        `/api/web/pages/${pageId}/comments`,
        { token: session.token },
      );
      setComments(comments);
    } catch (failure) {
      setError((failure as Error).message);
    }
  }, [pageId, session.token]);

  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (text === '') return;
    try {
      await api(`/api/web/pages/${pageId}/comments`, {
        token: session.token,
        method: 'POST',
        body: { text },
      });
      setDraft('');
      setError(undefined);
      await load();
    } catch (failure) {
      setError((failure as Error).message);
    }
  };

  const threads = comments.filter((comment) => !comment.parentCommentId);
  return (
    <section className="comments" aria-label="Comments">
      <header className="panel-header">
        <h2>Comments</h2>
        <span className="hint">{comments.length}</span>
      </header>
      <div className="comment-list">
        {threads.length === 0 && <p className="hint">No comments yet.</p>}
        {threads.map((thread) => (
          <div key={thread.id} className="thread">
            <Comment comment={thread} />
            {comments
              .filter((reply) => reply.parentCommentId === thread.id)
              .map((reply) => (
                <div key={reply.id} className="reply">
                  <Comment comment={reply} />
                </div>
              ))}
          </div>
        ))}
      </div>
      {error && <p className="error">{error}</p>}
      <form className="comment-form" onSubmit={(event) => void submit(event)}>
        <textarea
          aria-label="New comment"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder="Comment on this page"
          rows={2}
        />
        <button type="submit" disabled={draft.trim() === ''}>
          Comment
        </button>
      </form>
    </section>
  );
}
