import { AsyncLocalStorage } from 'node:async_hooks';
import type { HeavyWorkPool, ReleaseSlot } from '../workers';

/** The tool call in progress, as the large-document admission needs it. */
interface ToolCallScope {
  readonly heavyWork: HeavyWorkPool;
  readonly userId: string;
  readonly toolName: string;
  /** The call's slot once it was admitted for a large document. */
  release?: ReleaseSlot;
}

const scopes = new AsyncLocalStorage<ToolCallScope>();

/**
 * Runs one tool call in a scope where `admitLargeDocument` can find it; the slot it took, if
 * any, is released when the call ends, however it ends.
 */
export async function withToolCallScope<T>(
  scope: Omit<ToolCallScope, 'release'>,
  run: () => Promise<T>,
): Promise<T> {
  const current: ToolCallScope = { ...scope };
  try {
    return await scopes.run(current, run);
  } finally {
    current.release?.();
  }
}

/**
 * The size from which a document read in the current tool call needs admission, in characters
 * of JSON; undefined outside a tool call (no admission then).
 */
export function largeDocumentThreshold(): number | undefined {
  return scopes.getStore()?.heavyWork.limits.largeDocumentChars;
}

/**
 * Called before a page's document of `chars` characters is fetched and parsed: on a large page the tool call
 * waits for a slot (see `HeavyWorkOptions.largeDocumentChars`) and holds it until it ends, since
 * everything it does next (parsing, walking, answering) grows with the page. One slot per call,
 * whatever number of large pages it reads. Outside a tool call (nothing to release it), nothing.
 */
export async function admitLargeDocument(
  chars: number,
  pageId: string,
): Promise<void> {
  const scope = scopes.getStore();
  if (scope === undefined || scope.release !== undefined) return;
  const release = await scope.heavyWork.admitLargeDocument(
    chars,
    scope.userId,
    `${scope.toolName} on page ${pageId} (${Math.round(chars / 1000).toLocaleString('en-US')} thousand characters)`,
  );
  if (release !== undefined) scope.release = release;
}
