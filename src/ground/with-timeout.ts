/**
 * `promise`, or `timedOut()`'s error once `timeoutMs` have passed. The timer is cleared when
 * `promise` settles first and never keeps the process alive on its own.
 */
export async function withTimeout<T>(
  promise: Promise<T>,
  timeoutMs: number,
  timedOut: () => Error,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(timedOut()), timeoutMs);
    timer.unref();
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
