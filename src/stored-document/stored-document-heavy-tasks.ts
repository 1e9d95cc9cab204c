import type { HeavyWorkPool } from '../workers';
import { storedDocumentOfJson, transferStoredJson } from './stored-document';

/**
 * The stored form's CPU-heavy functions, which the tools' worker table carries (see
 * `TOOL_HEAVY_TASKS`): the stored form of a large new document is made off the event loop.
 */
export const STORED_DOCUMENT_HEAVY_TASKS = {
  storedDocumentOfJson,
  transferStoredJson,
} as const;

export type StoredDocumentHeavyTasks = typeof STORED_DOCUMENT_HEAVY_TASKS;

/** A worker pool that runs at least these (the tools' pool does). */
export type StoredDocumentHeavyWork = HeavyWorkPool<StoredDocumentHeavyTasks>;
