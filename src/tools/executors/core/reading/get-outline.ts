import type { Kysely } from 'kysely';
import type { DB } from '../../../../database';
import type { ToolCallContext } from '../../../../registry/tool-call-context';
import type { ToolInput } from '../../../../registry/tool-spec';
import { requirePage } from '../../../access';
import type { getOutlineTool } from '../../../definitions/reading.tools';
import { buildOutline, type OutlineEntry } from '../../../prosemirror/outline';
import { asDocument } from '../../../prosemirror/prosemirror-node';

export interface PageOutline {
  readonly pageId: string;
  readonly title: string;
  readonly version: string;
  readonly blocks: readonly OutlineEntry[];
}

/** One entry per top-level block of a page. */
export async function getOutline(db: Kysely<DB>, input: ToolInput<typeof getOutlineTool>, context: ToolCallContext): Promise<PageOutline> {
  const page = await requirePage(db, context, input.pageId);
  return { pageId: page.id, title: page.title ?? '', version: page.version, blocks: buildOutline(asDocument(page.content)) };
}
