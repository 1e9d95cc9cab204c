import type { ToolCallContext } from '../../registry/tool-call-context';
import type { AccessiblePage } from '../access';
import type { ToolHeavyWorkPool } from '../heavy-tasks';
import type { ProseMirrorNode } from '../prosemirror/prosemirror-node';
import { blockView, outlineView, pageTextView } from './document-views';

const VIEWS = { pageTextView, blockView, outlineView } as const;
type ViewName = keyof typeof VIEWS;
type ViewInput<Name extends ViewName> = Omit<
  Parameters<(typeof VIEWS)[Name]>[0],
  'document'
>;
type ViewOutput<Name extends ViewName> = ReturnType<(typeof VIEWS)[Name]>;

/**
 * A reading tool's view of a page's document: in a worker from the document's JSON text when
 * the page is large (read with `largeDocumentAsText`), on the calling thread otherwise.
 */
export async function viewOfPage<Name extends ViewName>(
  heavyWork: ToolHeavyWorkPool,
  page: AccessiblePage,
  name: Name,
  input: ViewInput<Name>,
  caller: { readonly context: ToolCallContext; readonly toolName: string },
): Promise<ViewOutput<Name>> {
  if (page.documentText !== undefined)
    return (await heavyWork.run(
      name,
      { ...input, document: page.documentText } as never,
      {
        userId: caller.context.userId,
        label: `${caller.toolName} of page ${page.id}`,
      },
    )) as ViewOutput<Name>;
  const view = VIEWS[name] as (
    input: ViewInput<Name> & { document: ProseMirrorNode },
  ) => ViewOutput<Name>;
  // documentOf (document-views.ts) checks it is a document, as the tools did before.
  return view({
    ...input,
    document: page.content as unknown as ProseMirrorNode,
  });
}
