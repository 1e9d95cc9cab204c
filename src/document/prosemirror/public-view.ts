import { COMMENT_MARK_TYPE } from './comment-mark';
import type { ProseMirrorNode } from './prosemirror-node';
import { stripMarks } from './strip-marks';

const HTML_EMBED_TYPE = 'htmlEmbed';

/** What `publicViewDocument` took out. */
export interface PublicViewDocument {
  readonly node: ProseMirrorNode;
  /** Comment marks removed: each was a thread's id and place on the page. */
  readonly commentMarks: number;
  /** `htmlEmbed` blocks removed. */
  readonly htmlEmbeds: number;
}

/**
 * A document as Docmost's public share view serves it (`ShareService.prepareContentForShare`):
 * without `comment` marks, which are the team's own (a thread's id, its place, whether it is
 * resolved), and without `htmlEmbed` blocks, which Docmost serves to anonymous viewers only when
 * the workspace's HTML embed switch is on. A snapshot cannot follow that switch after it was
 * taken, so the blocks always go. A container left without children gets an empty paragraph, as
 * the editor's schema wants at least one block there.
 */
export function publicViewDocument(doc: ProseMirrorNode): PublicViewDocument {
  const { node: withoutComments, removed: commentMarks } = stripMarks(
    doc,
    COMMENT_MARK_TYPE,
  );
  let htmlEmbeds = 0;
  const strip = (node: ProseMirrorNode): ProseMirrorNode => {
    if (node.content === undefined) return node;
    const kept = node.content.filter((child) => {
      if (child.type !== HTML_EMBED_TYPE) return true;
      htmlEmbeds++;
      return false;
    });
    const children = kept.map(strip);
    const emptied = kept.length === 0 && node.content.length > 0;
    return {
      ...node,
      content:
        emptied && node.type !== 'doc' ? [{ type: 'paragraph' }] : children,
    };
  };
  const node = strip(withoutComments);
  return {
    node: htmlEmbeds === 0 ? withoutComments : node,
    commentMarks,
    htmlEmbeds,
  };
}
