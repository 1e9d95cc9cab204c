/**
 * A seeded block id as the text views (getPage, getOutline, getTable, a comment's
 * anchorBlockId) show it: its first five letters, since no two block ids of a seeded page
 * share them (the views would show more letters of both).
 */
export function shownBlockId(id: string): string {
  return id.slice(0, 5);
}
