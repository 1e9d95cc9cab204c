import type { HeavyWorkPool } from '../workers';
import { storedDocumentOfJson, transferStoredJson } from './stored-document';

/**
 * The page store's CPU-heavy functions, which the tools' worker table carries (see
 * `TOOL_HEAVY_TASKS`): the stored form of a large new document is made off the event loop.
 */
export const PAGE_STORE_HEAVY_TASKS = {
  storedDocumentOfJson,
  transferStoredJson,
} as const;

export type PageStoreHeavyTasks = typeof PAGE_STORE_HEAVY_TASKS;

/** A worker pool that runs at least the page store's heavy functions (the tools' pool does). */
export type PageStoreHeavyWork = HeavyWorkPool<PageStoreHeavyTasks>;
