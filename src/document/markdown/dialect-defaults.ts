/**
 * Attribute values Docmost's editor gives the nodes and marks that plain Markdown creates, so a
 * Markdown link or table reads as what the editor itself would store.
 */

/** What Docmost's link extension sets on every link it creates. */
export const DEFAULT_LINK_ATTRS = {
  target: '_blank',
  rel: 'noopener noreferrer nofollow',
} as const;

/** A table cell spanning one column and one row, never resized. */
export const TABLE_CELL_ATTRS = {
  colspan: 1,
  rowspan: 1,
  colwidth: null,
} as const;
