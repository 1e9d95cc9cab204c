/**
 * Raised inside the serializer when a node has no Markdown form in this dialect (an attribute
 * name the attribute block cannot spell, a table with merged cells, ...). It never leaves the
 * converter: the caller catches it and writes the node as a `docmost-json` block instead.
 */
export class NotExpressibleError extends Error {
  override readonly name = 'NotExpressibleError';
}
