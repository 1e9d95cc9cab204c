import { isUuid } from '../../src';

const PAGE_DOCUMENT = /^page\.(.+)$/;

/** The page a collaboration document is of: Docmost names them `page.<pageId>`. */
export function pageIdOfDocument(documentName: string): string {
  const pageId = PAGE_DOCUMENT.exec(documentName)?.[1];
  if (!pageId || !isUuid(pageId))
    throw new Error(
      `document "${documentName.slice(0, 80)}" is not a page; documents are named page.<pageId>`,
    );
  return pageId;
}

export function documentNameOfPage(pageId: string): string {
  return `page.${pageId}`;
}
