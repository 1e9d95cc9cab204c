import { CommentCheckTimeoutError } from './comment-check-timeout-error';

/** `promise`, or a `CommentCheckTimeoutError` once `timeoutMs` have passed. */
export function withTimeout<T>(
  promise: Promise<T>,
  timeoutMs: number,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new CommentCheckTimeoutError(timeoutMs)),
      timeoutMs,
    );
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
