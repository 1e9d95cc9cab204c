import type { Kysely } from 'kysely';
import type { DB } from '../../../database';
import type { ToolCallContext } from '../../../registry/tool-call-context';
import type { HeavyWorkPool } from '../../../workers';
import { requirePage } from '../../access';
import { writeWholeDocument } from '../deferred/structure/write-whole-document';
import { readMarkdownOffThread } from './read-markdown-document';

export interface ReplacePageContentInput {
  readonly pageId: string;
  readonly markdown: string;
  readonly baseVersion?: string | undefined;
}

export interface ReplacePageContentResult {
  readonly pageId: string;
  /** Pass back as `baseVersion` to make the next full write fail if the page changed since. */
  readonly version: string;
  readonly historyId: string;
  /** Top-level blocks of the written document. */
  readonly blocks: number;
  /** Headings and paragraphs that got a new id (plain Markdown carries none). */
  readonly generatedIds: number;
}

/**
 * updatePageContent and importPageMarkdown: the page's whole document replaced by the one the
 * Markdown describes. One reader serves both, so an exported file written back with either
 * tool comes back the same; they differ in what the model is told to send.
 */
export async function replacePageContent(
  db: Kysely<DB>,
  input: ReplacePageContentInput,
  context: ToolCallContext,
  heavyWork: HeavyWorkPool,
): Promise<ReplacePageContentResult> {
  const page = await requirePage(db, context, input.pageId, { write: true });
  const { content, generatedIds } = await readMarkdownOffThread(
    input.markdown,
    heavyWork,
    context.userId,
  );
  const written = await writeWholeDocument(
    db,
    context,
    page,
    content,
    input.baseVersion,
  );
  return {
    pageId: written.id,
    version: written.version,
    historyId: written.historyId,
    blocks: content.content?.length ?? 0,
    generatedIds,
  };
}
