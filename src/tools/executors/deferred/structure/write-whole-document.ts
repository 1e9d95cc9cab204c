import type { Kysely } from 'kysely';
import type { DB } from '../../../../database';
import type { AccessiblePage } from '../../../access';
import {
  pageVersionConflict,
  writePage,
  type ProvenanceContext,
  type WrittenPage,
} from '../../../page-store';
import type { ProseMirrorNode } from '../../../prosemirror/prosemirror-node';

/**
 * A full-document write (updatePageJson, copyPageContent, restorePageVersion). The new content
 * does not derive from the page as just loaded but from what the model read earlier, so a
 * `baseVersion` older than the current version fails with a conflict before anything is written;
 * the write itself is still a compare-and-set on the version loaded.
 */
export async function writeWholeDocument(
  db: Kysely<DB>,
  context: ProvenanceContext,
  page: AccessiblePage,
  content: ProseMirrorNode,
  baseVersion: string | undefined,
): Promise<WrittenPage> {
  if (baseVersion !== undefined && baseVersion !== page.version)
    throw pageVersionConflict(page.id, baseVersion, page.version);
  return writePage(db, context, page, { content });
}
