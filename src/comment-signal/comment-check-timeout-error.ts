/** A comment check outlived its time budget; it is abandoned so the tool result is not held. */
export class CommentCheckTimeoutError extends Error {
  override readonly name = 'CommentCheckTimeoutError';

  constructor(readonly timeoutMs: number) {
    super(
      `the new-comment check took longer than ${timeoutMs} ms and was abandoned`,
    );
  }
}
