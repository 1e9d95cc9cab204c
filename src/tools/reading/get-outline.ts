import type { ToolCallContext } from '../../registry';
import type { ToolInput } from '../../registry';
import { readPage } from '../../page-store';
import type { getOutlineTool } from './reading.tools';
import type { OutlineEntry } from '../../document';
import {
  MAX_READ_OUTPUT_CHARS,
  type ReadingHeavyTasks,
} from '../../heavy-tasks';
import type { ToolExecutorDependencies } from '../executor-dependencies';
import { viewOfPage } from './page-view';

export interface PageOutline {
  readonly pageId: string;
  readonly title: string;
  readonly version: string;
  readonly blocks: readonly OutlineEntry[];
  /** Present when later blocks were left out to keep the result within the output limit. */
  readonly truncated?: string;
}

/** Room left for the outline's other fields and its note. */
const RESULT_OVERHEAD_CHARS = 2_000;

/** One entry per top-level block of a page. */
export async function getOutline(
  { db, livePages, heavyWork }: ToolExecutorDependencies<ReadingHeavyTasks>,
  input: ToolInput<typeof getOutlineTool>,
  context: ToolCallContext,
): Promise<PageOutline> {
  const page = await readPage({ db, livePages }, context, input.pageId, {
    largeDocumentAsText: true,
  });
  // Entries are short (text cut to 80 characters), but a page can have a hundred thousand blocks.
  const { kept, total } = await viewOfPage(
    heavyWork,
    page,
    'outlineView',
    { budget: MAX_READ_OUTPUT_CHARS - RESULT_OVERHEAD_CHARS },
    { context, toolName: 'getOutline' },
  );
  const outline = {
    pageId: page.id,
    title: page.title ?? '',
    version: page.version,
    blocks: kept,
  };
  if (kept.length === total) return outline;
  return {
    ...outline,
    truncated: `showing blocks #0–#${kept.length - 1} of ${total} to stay within the ${MAX_READ_OUTPUT_CHARS}-character output limit; read on with getPage (fromBlock ${kept.length}) or getNode "#<index>"`,
  };
}
