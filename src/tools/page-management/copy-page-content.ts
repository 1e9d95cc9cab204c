import { ToolError } from '../../ground';
import type { ToolCallContext } from '../../registry';
import type { ToolInput } from '../../registry';
import { readPage } from '../../page-store';
import type { copyPageContentTool } from './page-management.tools';
import {
  COMMENT_MARK_TYPE,
  asDocument,
  attachmentIds,
  replaceAttachmentIds,
  stripMarks,
} from '../../document';
import { serviceCaller } from '../../docmost-services';
import { writeWholeDocument } from '../write-whole-document';
import type { ToolExecutorDependencies } from '../executor-dependencies';

export interface CopyPageContentResult {
  readonly sourcePageId: string;
  readonly targetPageId: string;
  readonly blocks: number;
  /** Comment anchors of the source left out (their threads belong to the source page). */
  readonly commentAnchorsDropped: number;
  /** The source's own images and files copied for the target (new attachments of the target). */
  readonly attachmentsCopied: number;
  /** Attachments the content names that were not copied (another page's, or not copyable). */
  readonly attachmentsNotCopied: number;
  readonly version: string;
  /** The history row of this write; null when the page writer adds it later (see `WrittenPage`). */
  readonly historyId: string | null;
}

export async function copyPageContent(
  dependencies: ToolExecutorDependencies,
  input: ToolInput<typeof copyPageContentTool>,
  context: ToolCallContext,
): Promise<CopyPageContentResult> {
  const { db } = dependencies;
  const source = await readPage(dependencies, context, input.sourcePageId);
  const target = await readPage(dependencies, context, input.targetPageId, {
    write: true,
  });
  if (source.id === target.id) {
    throw new ToolError(
      'invalid_input',
      'sourcePageId and targetPageId name the same page; copying a page onto itself changes nothing',
    );
  }
  const { node: stripped, removed } = stripMarks(
    asDocument(source.content),
    COMMENT_MARK_TYPE,
  );
  // The files behind the source's images and attachments are copied for the target first, as
  // Docmost's page duplicate does: the copy then shows them to whoever may see the target.
  const named = attachmentIds(stripped);
  const copied =
    named.length === 0
      ? new Map<string, string>()
      : await dependencies.services.attachments.copy({
          caller: await serviceCaller(db, context),
          sourcePageId: source.id,
          targetPageId: target.id,
          targetSpaceId: target.spaceId,
          attachmentIds: named,
        });
  const content =
    copied.size === 0 ? stripped : replaceAttachmentIds(stripped, copied);
  const written = await writeWholeDocument(dependencies, {
    context,
    page: target,
    content,
    baseVersion: input.baseVersion,
    toolName: 'copyPageContent',
  });
  return {
    sourcePageId: source.id,
    targetPageId: written.id,
    blocks: content.content?.length ?? 0,
    commentAnchorsDropped: removed,
    attachmentsCopied: copied.size,
    attachmentsNotCopied: named.length - copied.size,
    version: written.version,
    historyId: written.historyId,
  };
}
