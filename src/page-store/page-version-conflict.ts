import { ToolError } from '../registry/tool-error';

/** A write whose base read is stale: someone (usually a human) changed the page meanwhile. */
export function pageVersionConflict(
  pageId: string,
  expected: string,
  actual: string | undefined,
): ToolError {
  return new ToolError(
    'conflict',
    `page ${pageId} changed since it was read (read version ${expected}, current ${actual ?? 'deleted'}); ` +
      'nothing was written: read the page again and reapply your change to the current content',
    { pageId, expected, actual },
  );
}
