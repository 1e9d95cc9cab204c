import { v7 as uuidv7 } from 'uuid';
import { extractText, asDocument, type ProseMirrorNode } from '../../document';

/**
 * `<@userId>` in a comment's text: a mention of that member of the workspace, stored as Docmost's
 * comment editor stores one (a `mention` node), so Docmost notifies the person as it does for a
 * mention typed in its comment box.
 */
export const MENTION_PATTERN = /<@([^<>\s]{1,100})>/g;

/** The ids the text mentions, each once, in order. */
export function mentionedIds(text: string): string[] {
  return [
    ...new Set([...text.matchAll(MENTION_PATTERN)].map((match) => match[1]!)),
  ];
}

/** Who the mentions name: each mentioned id with the person's name, and who writes them. */
export interface CommentMentions {
  readonly names: ReadonlyMap<string, string>;
  readonly creatorId: string;
}

/** One line's text and mentions as inline nodes. */
function lineContent(
  line: string,
  mentions: CommentMentions | undefined,
): ProseMirrorNode[] {
  if (!mentions) return [{ type: 'text', text: line }];
  const content: ProseMirrorNode[] = [];
  let from = 0;
  for (const match of line.matchAll(MENTION_PATTERN)) {
    const label = mentions.names.get(match[1]!);
    if (label === undefined) continue;
    if (match.index > from)
      content.push({ type: 'text', text: line.slice(from, match.index) });
    content.push({
      type: 'mention',
      attrs: {
        // As Docmost's comment editor makes one: a new id for the node, the person's name.
        id: uuidv7(),
        label,
        entityType: 'user',
        entityId: match[1]!,
        creatorId: mentions.creatorId,
      },
    });
    from = match.index + match[0].length;
  }
  if (from < line.length)
    content.push({ type: 'text', text: line.slice(from) });
  return content;
}

/**
 * A comment body as Docmost's comment editor stores it: a doc of paragraphs, one per line of
 * the text, without block ids (the comment editor assigns none), each `<@userId>` of `mentions`
 * a mention node.
 */
export function commentBodyDocument(
  text: string,
  mentions?: CommentMentions,
): ProseMirrorNode {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '');
  return {
    type: 'doc',
    content: lines.map((line) => ({
      type: 'paragraph',
      content: lineContent(line, mentions),
    })),
  };
}

/** A stored comment body as plain text, one line per paragraph. */
export function commentBodyText(content: unknown): string {
  return extractText(asDocument(content));
}
