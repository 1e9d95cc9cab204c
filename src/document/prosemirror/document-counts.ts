import type { ProseMirrorNode } from './prosemirror-node';

/**
 * What a rewrite most often loses without the text showing it: media, links, tables and comment
 * anchors. Comparing these counts between two versions tells a model (and its user) that a
 * restore or a full rewrite dropped something, even when the text diff looks harmless.
 */
export interface DocumentCounts {
  readonly images: number;
  /** Link runs: adjacent text nodes under the same href count once. */
  readonly links: number;
  readonly tables: number;
  readonly headings: number;
  /** Distinct comment threads anchored in the text. */
  readonly commentAnchors: number;
  /** Other embedded objects: videos, attachments, diagrams, embeds, math blocks. */
  readonly embeds: number;
}

const EMBED_TYPES = new Set([
  'video',
  'audio',
  'pdf',
  'attachment',
  'drawio',
  'excalidraw',
  'embed',
  'htmlEmbed',
  'youtube',
  'mathBlock',
]);

function linkHref(node: ProseMirrorNode): string | undefined {
  const link = node.marks?.find((mark) => mark.type === 'link');
  const href = link?.attrs?.href;
  return typeof href === 'string' ? href : link ? '' : undefined;
}

export function countDocument(doc: ProseMirrorNode): DocumentCounts {
  let images = 0;
  let links = 0;
  let tables = 0;
  let headings = 0;
  let embeds = 0;
  const commentIds = new Set<string>();
  const walk = (node: ProseMirrorNode): void => {
    if (node.type === 'image') images++;
    else if (node.type === 'table') tables++;
    else if (node.type === 'heading') headings++;
    else if (EMBED_TYPES.has(node.type)) embeds++;
    for (const mark of node.marks ?? []) {
      const commentId = mark.attrs?.commentId;
      if (mark.type === 'comment' && typeof commentId === 'string')
        commentIds.add(commentId);
    }
    let previousHref: string | undefined;
    for (const child of node.content ?? []) {
      const href = linkHref(child);
      if (href !== undefined && href !== previousHref) links++;
      previousHref = href;
      walk(child);
    }
  };
  walk(doc);
  return {
    images,
    links,
    tables,
    headings,
    commentAnchors: commentIds.size,
    embeds,
  };
}
