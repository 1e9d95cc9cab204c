import {
  diffDocuments,
  readStoredDocument,
  type DiffDocumentsOptions,
  type ProseMirrorNode,
} from '../../document';
import { versionText, versionTextLengths } from './version-views';

/** The history tools' heavy work: a version's text, the lengths of many, a diff of two. */
export const HISTORY_HEAVY_TASKS = {
  versionText,
  versionTextLengths,
  // Versions travel as the JSON text PostgreSQL stored: a string crosses to a worker as one copy,
  // while cloning a 5 MB object tree (and parsing it first) held the event loop for ~100 ms each.
  diffDocuments: (input: {
    readonly from: ProseMirrorNode | string;
    readonly to: ProseMirrorNode | string;
    readonly options?: DiffDocumentsOptions;
  }) =>
    diffDocuments(
      readStoredDocument(input.from),
      readStoredDocument(input.to),
      input.options,
    ),
} as const;

export type HistoryHeavyTasks = typeof HISTORY_HEAVY_TASKS;
