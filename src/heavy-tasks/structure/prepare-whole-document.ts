import {
  transferDocument,
  type StoredFormOptions,
  type TransferredDocument,
} from '../../stored-document';
import {
  blockIdAssignments,
  withBlockIds,
  assertValidNode,
} from '../../document';

/** A whole new document, checked and numbered, in the pieces that cross back from a worker. */
export interface PreparedWholeDocument {
  /** Headings and paragraphs that got a new id (missing, malformed or duplicated). */
  readonly generatedIds: number;
  /** The document with those ids, as it crosses back (see `receiveDocument`). */
  readonly document: TransferredDocument;
  /** Top-level blocks. */
  readonly blocks: number;
}

/**
 * updatePageJson's work on its input, from the input's JSON text: validated against Docmost's
 * editor schema, given the block ids it lacks, refused when PostgreSQL could not store it, and
 * serialised. Linear in the document, so a worker runs it for a large one; what returns is small
 * but the stored form, a string (one copy, no object tree to clone, and no ids to apply to the
 * caller's copy: on 60,000 paragraphs without ids, cloning the assignments back and applying
 * them held the event loop ~130 ms).
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
    generatedIds: assignments.length,
    document: transferDocument(content, json, 'the new content', input),
    blocks: content.content?.length ?? 0,
  };
}
