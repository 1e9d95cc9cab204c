/**
 * The page's uuid for a reading tool's answer, only when the model named the page by anything
 * else (its slugId): the uuid other results use and the comment signal counts comments on. A
 * page named by its uuid gets nothing, since each read stays in the chat's history.
 * Spread first into the answer: `{ ...namedPageId(page.id, input.pageId), title, … }`.
 */
export function namedPageId(
  pageId: string,
  namedAs: string,
): { readonly pageId?: string } {
  return pageId === namedAs ? {} : { pageId };
}
