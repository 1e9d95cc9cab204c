import type { ToolCallContext } from '../../registry/tool-call-context';
import type { ToolInput } from '../../registry/tool-spec';
import { readPage } from '../page-store';
import type { getPageJsonTool } from './structure.tools';
import {
  asDocument,
  type ProseMirrorNode,
} from '../prosemirror/prosemirror-node';
import {
  outputChars,
  oversizedOutput,
  refuseOversizedOutput,
  type OutputLimit,
} from '../output-limit';
import { isoTime } from '../iso-time';
import type { ToolExecutorDependencies } from '../executor-dependencies';

export interface PageJson {
  readonly pageId: string;
  readonly slugId: string;
  readonly title: string | null;
  readonly spaceId: string;
  /** Pass back as `baseVersion` to make a full-document write fail if the page changed since. */
  readonly version: string;
  readonly updatedAt: string;
  readonly content: ProseMirrorNode;
}

/** The page's document exactly as stored: nothing added, nothing normalised. */
export async function getPageJson(
  { db, livePages }: ToolExecutorDependencies,
  input: ToolInput<typeof getPageJsonTool>,
  context: ToolCallContext,
): Promise<PageJson> {
  const page = await readPage({ db, livePages }, context, input.pageId, {
    largeDocumentAsText: true,
  });
  const limit: OutputLimit = {
    what: `page "${page.title ?? 'Untitled'}" (${page.id})`,
    readInstead:
      "read it in parts: getOutline for its top-level blocks, then getNode for one block's JSON (getPage with fromBlock for the text); stashPage hands the whole document over by URL. Write single blocks with patchNode, insertNode or deleteNode",
  };
  const envelope = {
    pageId: page.id,
    slugId: page.slugId,
    title: page.title,
    spaceId: page.spaceId,
    version: page.version,
    updatedAt: isoTime(page.updatedAt),
  };
  const { documentText } = page;
  if (documentText !== undefined) {
    // A large page is refused from its stored text, without parsing megabytes on the event loop
    // only to measure them: PostgreSQL's text of a jsonb value spaces each ':' and ',', so the
    // compact JSON is at least half as long.
    const refusal = oversizedOutput(
      outputChars({ ...envelope, content: 0 }) -
        1 +
        Math.ceil(documentText.length / 2),
      { ...limit, atLeast: true },
    );
    if (refusal) throw refusal;
  }
  return refuseOversizedOutput(
    {
      ...envelope,
      content: asDocument(
        documentText === undefined ? page.content : JSON.parse(documentText),
      ),
    },
    limit,
  );
}
