import {
  checkedStoredDocument,
  type StoredDocument,
  type StoredFormOptions,
} from '../page-store/stored-document';
import {
  blockIdAssignments,
  withBlockIds,
  type BlockIdAssignment,
} from '../prosemirror/block-id';
import { assertValidNode } from '../prosemirror/validate-node';

/** A whole new document, checked and numbered, in the pieces that cross back from a worker. */
export interface PreparedWholeDocument {
  /** The ids headings and paragraphs lacked (missing, malformed or duplicated), to apply. */
  readonly assignments: readonly BlockIdAssignment[];
  /** The document with those ids, as the database stores it. */
  readonly stored: StoredDocument;
  /** Top-level blocks. */
  readonly blocks: number;
}

/**
 * updatePageJson's work on its input, from the input's JSON text: validated against Docmost's
 * editor schema, given the block ids it lacks, refused when PostgreSQL could not store it, and
 * serialised. Linear in the document, so a worker runs it for a large one; what returns is small
 * but the stored form, a string (one copy, no object tree to clone).
 */
export function prepareWholeDocument(
  input: { readonly json: string } & StoredFormOptions,
): PreparedWholeDocument {
  const doc: unknown = JSON.parse(input.json);
  assertValidNode(doc, { label: 'doc' });
  const assignments = blockIdAssignments(doc);
  const content = withBlockIds(doc, assignments);
  const json = assignments.length === 0 ? input.json : JSON.stringify(content);
  return {
    assignments,
    stored: checkedStoredDocument(content, json, 'the new content', input),
    blocks: content.content?.length ?? 0,
  };
}
