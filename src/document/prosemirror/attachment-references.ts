import { isUuid } from '../../ground';
import type { ProseMirrorNode } from './prosemirror-node';

/**
 * The nodes whose files are attachments of the page (Docmost's `isAttachmentNode`, 0.94.0): an
 * `attachmentId` attribute names the `attachments` row, and the file's URL (`src`, or `url` for
 * a file attachment) holds the same id (`/api/files/<id>/<name>`).
 */
export const ATTACHMENT_NODE_TYPES: ReadonlySet<string> = new Set([
  'attachment',
  'image',
  'video',
  'audio',
  'pdf',
  'excalidraw',
  'drawio',
]);

/** The attachment ids the document's attachment nodes name, each once, in document order. */
export function attachmentIds(document: ProseMirrorNode): string[] {
  const ids = new Set<string>();
  const visit = (node: ProseMirrorNode) => {
    const id = node.attrs?.attachmentId;
    if (ATTACHMENT_NODE_TYPES.has(node.type) && isUuid(id)) ids.add(id);
    for (const child of node.content ?? []) visit(child);
  };
  visit(document);
  return [...ids];
}

/**
 * The document with its attachment nodes pointed at other attachments: `attachmentId` and the
 * id inside the file's URL (`src`, `url`) replaced where `replacements` maps it. A new
 * document; the given one is not changed.
 */
export function replaceAttachmentIds(
  document: ProseMirrorNode,
  replacements: ReadonlyMap<string, string>,
): ProseMirrorNode {
  const visit = (node: ProseMirrorNode): ProseMirrorNode => {
    const content = node.content?.map(visit);
    const id = node.attrs?.attachmentId;
    const replacement =
      ATTACHMENT_NODE_TYPES.has(node.type) && typeof id === 'string'
        ? replacements.get(id)
        : undefined;
    if (replacement === undefined)
      return content === undefined ? node : { ...node, content };
    const attrs: Record<string, unknown> = {
      ...node.attrs,
      attachmentId: replacement,
    };
    for (const key of ['src', 'url'])
      if (typeof attrs[key] === 'string')
        attrs[key] = (attrs[key] as string)
          .split(id as string)
          .join(replacement);
    return {
      ...node,
      attrs,
      ...(content === undefined ? {} : { content }),
    };
  };
  return visit(document);
}
