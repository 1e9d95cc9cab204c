import {
  extractText,
  readStoredDocument,
  type ProseMirrorNode,
} from '../../document';

/*
 * What the history tools take from saved versions, as pure functions of their JSON text: on the
 * calling thread for small ones, in a worker (the room's `HEAVY_TASKS`) for large ones, so a page with a
 * long history of megabyte versions never has them parsed on the event loop.
 */

/** getPageHistory's text of one version. */
export function versionText(input: {
  readonly document: ProseMirrorNode | string | null;
}): string {
  return extractText(readStoredDocument(input.document));
}

/** listPageHistory's `characters` of each version: the length of its plain text. */
export function versionTextLengths(input: {
  readonly documents: readonly (string | null)[];
}): number[] {
  return input.documents.map(
    (document) => extractText(readStoredDocument(document)).length,
  );
}
