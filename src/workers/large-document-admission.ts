import { AsyncLocalStorage } from 'node:async_hooks';
import type { ReleaseSlot } from './admission-gate';
import type { HeavyWorkPool } from './heavy-work-pool';

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
 * About how many characters `value` has as JSON, counting no further than `upTo`: a walk whose
 * cost is bounded by the threshold, not by the input (a 9 MB document is not walked whole to
 * learn that it is large).
 */
export function boundedJsonSize(value: unknown, upTo: number): number {
  let size = 0;
  // One frame per array or object being walked, so a huge array is not copied up front.
  const frames: { readonly items: readonly unknown[]; index: number }[] = [
    { items: [value], index: 0 },
  ];
  while (frames.length > 0 && size < upTo) {
    const frame = frames[frames.length - 1]!;
    if (frame.index >= frame.items.length) {
      frames.pop();
      continue;
    }
    const item = frame.items[frame.index++];
    if (typeof item === 'string') size += item.length + 2;
    else if (Array.isArray(item)) {
      size += 2;
      frames.push({ items: item, index: 0 });
    } else if (typeof item === 'object' && item !== null) {
      const keys = Object.keys(item);
      size += 2;
      for (const key of keys) size += key.length + 4;
      frames.push({
        items: keys.map((key) => (item as Record<string, unknown>)[key]),
        index: 0,
      });
    } else size += 5;
  }
  return size;
}

/**
 * The current tool call takes its slot for work of `chars` characters, named by `describe`
 * (given the call's tool name and the threshold), unless it holds one already, is outside a tool call, or the
 * work is not large (the pool decides).
 */
async function admitCall(
  chars: (threshold: number) => number,
  describe: (toolName: string, threshold: number) => string,
): Promise<void> {
  const scope = scopes.getStore();
  if (scope === undefined || scope.release !== undefined) return;
  const threshold = scope.heavyWork.limits.largeDocumentChars;
  const release = await scope.heavyWork.admitLargeDocument(
    chars(threshold),
    scope.userId,
    describe(scope.toolName, threshold),
  );
  if (release !== undefined) scope.release = release;
}

/**
 * Before a tool call runs: an input of a large page's size (a whole document for
 * `updatePageJson`, Markdown for `importPageMarkdown`) admits the call as a large document does,
 * since validating, converting and storing it grow with it.
 */
export function admitLargeInput(input: unknown): Promise<void> {
  return admitCall(
    (threshold) => boundedJsonSize(input, threshold),
    (toolName, threshold) =>
      `${toolName} with an input of ${Math.round(threshold / 1000).toLocaleString('en-US')} thousand characters or more`,
  );
}

/**
 * The size from which a document read in the current tool call needs admission, in characters
 * of JSON; undefined outside a tool call (no admission then).
 */
export function largeDocumentThreshold(): number | undefined {
  return scopes.getStore()?.heavyWork.limits.largeDocumentChars;
}

/**
 * Called before a page's document is fetched and parsed, with its size: `chars` of JSON when it
 * was measured, or `storedBytes` when it was stored large enough to count as large unmeasured
 * (an eighth of the threshold, compressed). On a large page the tool call waits for a slot (see
 * `HeavyWorkOptions.largeDocumentChars`) and holds it until it ends, since everything it does
 * next (parsing, walking, answering) grows with the page. One slot per call, whatever number of
 * large pages it reads. Outside a tool call (nothing to release it), nothing.
 */
export function admitLargeDocument(
  size: { readonly chars: number } | { readonly storedBytes: number },
  pageId: string,
): Promise<void> {
  const described =
    'chars' in size
      ? `${Math.round(size.chars / 1000).toLocaleString('en-US')} thousand characters`
      : `${Math.round(size.storedBytes / 1024).toLocaleString('en-US')} KiB as stored`;
  return admitCall(
    (threshold) => ('chars' in size ? size.chars : threshold),
    (toolName) => `${toolName} on page ${pageId} (${described})`,
  );
}
