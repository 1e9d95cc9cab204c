import { isDeepStrictEqual } from 'node:util';
import type { ProseMirrorNode } from '../prosemirror';
import {
  DEFAULTS_BLOCK_LANGUAGE,
  findAttributeDefaults,
  hasDefaults,
  withoutDefaults,
} from './attribute-defaults';
import {
  writeBlock,
  type ListMarker,
  type WrittenBlock,
} from './block-to-markdown';
import { readsBackAs } from './reads-back-as';
import { JSON_BLOCK_LANGUAGE, fenceFor, jsonBlock } from './json-block';
import { MarkdownSyntaxError } from './markdown-syntax-error';
import { markdownToDocument } from './markdown-to-document';
import { NotExpressibleError } from './not-expressible-error';

/**
 * Docmost-flavoured Markdown: CommonMark + GFM tables, strikethrough and task lists, plus
 * annotations for what plain Markdown cannot carry, so a page survives export and import
 * unchanged:
 *
 * - block attributes at the end of a paragraph, heading or table cell: `Text {#abcdefghijkl}`
 *   (`#…` is the block id; other attributes as `key=value`, values JSON or a bare word);
 * - image attributes right after the image: `![Alt](/files/a.png){align=center width=320}`;
 * - callouts as GitHub alerts: `> [!info]`, extra attributes after the marker;
 * - comment anchors: `<span data-comment-id="…" data-resolved="false">text</span>`;
 *   underline `<u>`, `<sub>`, `<sup>`, any other mark `<span data-mark="…" data-attrs='…'>`,
 *   inline nodes such as mentions `<span data-node="mention" data-attrs='…'></span>`;
 * - everything else (merged table cells, diagrams, embeds, unusual attributes) as a fenced
 *   ```` ```docmost-json ```` block holding the node's ProseMirror JSON;
 * - attribute values shared by every node of a type (Docmost stores defaults such as
 *   `textAlign: "left"` on every paragraph) once, in a leading ```` ```docmost-defaults ```` block.
 *
 * Any other HTML is literal text. Every block is read back before it is kept: a block whose
 * Markdown would read differently is written as its JSON block instead, so the export is exact
 * for any document, and readable wherever the dialect has a form for the content.
 */

export interface MarkdownExport {
  readonly markdown: string;
  /** Blocks written as `docmost-json` because Markdown has no exact form for them. */
  readonly jsonBlocks: number;
}

/** Whole-file re-reads while repairing interactions between neighbouring blocks. */
const MAX_REPAIR_ROUNDS = 10;

const JSON_BLOCK_LINE = new RegExp(`^[ >]*\`{3,}${JSON_BLOCK_LANGUAGE}$`, 'gm');

function isCanonicalDocument(doc: ProseMirrorNode): boolean {
  return (
    doc.type === 'doc' &&
    Array.isArray(doc.content) &&
    Object.keys(doc).every((key) => key === 'type' || key === 'content')
  );
}

/** A top-level block in Markdown if that reads back exactly, else its JSON block. */
function writeTopLevelBlock(
  node: ProseMirrorNode,
  previous: ListMarker | undefined,
): WrittenBlock {
  try {
    const written = writeBlock(node, previous);
    if (readsBackAs(written.text, node)) return written;
  } catch (error) {
    if (!(error instanceof NotExpressibleError)) throw error;
  }
  return { text: jsonBlock(node) };
}

function readBlocks(markdown: string): readonly ProseMirrorNode[] | undefined {
  try {
    return markdownToDocument(markdown).content;
  } catch (error) {
    if (error instanceof MarkdownSyntaxError) return undefined;
    throw error;
  }
}

function defaultsBlock(defaults: object): string {
  const json = JSON.stringify(defaults);
  const fence = fenceFor(json);
  return `${fence}${DEFAULTS_BLOCK_LANGUAGE}\n${json}\n${fence}\n\n`;
}

function finish(markdown: string): MarkdownExport {
  return { markdown, jsonBlocks: markdown.match(JSON_BLOCK_LINE)?.length ?? 0 };
}

/** Writes a document as Docmost-flavoured Markdown that `markdownToDocument` reads back exactly. */
export function exportDocumentMarkdown(doc: ProseMirrorNode): MarkdownExport {
  if (!isCanonicalDocument(doc)) return finish(`${jsonBlock(doc)}\n`);
  const defaults = findAttributeDefaults(doc);
  const header = hasDefaults(defaults) ? defaultsBlock(defaults) : '';
  const blocks = withoutDefaults(doc, defaults).content!;
  let previous: ListMarker | undefined;
  const parts = blocks.map((block) => {
    const written = writeTopLevelBlock(block, previous);
    previous = written.marker;
    return written.text;
  });
  // Each block reads back alone; neighbours can still interact (two lists merging, say), so the
  // whole file is read back too, and a block that changed falls back to JSON until none does.
  // Interactions are rare, so a few rounds suffice; past them the document goes whole as JSON.
  for (
    let attempt = 0;
    attempt <= Math.min(blocks.length, MAX_REPAIR_ROUNDS);
    attempt++
  ) {
    const markdown = parts.length === 0 ? '' : `${parts.join('\n\n')}\n`;
    const read = readBlocks(markdown);
    if (read !== undefined && isDeepStrictEqual(read, blocks))
      return finish(header + markdown);
    const changed =
      read === undefined
        ? -1
        : blocks.findIndex(
            (block, index) => !isDeepStrictEqual(read[index], block),
          );
    if (changed === -1 || parts[changed] === jsonBlock(blocks[changed])) break;
    parts[changed] = jsonBlock(blocks[changed]);
  }
  return finish(`${jsonBlock(doc)}\n`);
}

/** The Markdown text of `exportDocumentMarkdown`. */
export function documentToMarkdown(doc: ProseMirrorNode): string {
  return exportDocumentMarkdown(doc).markdown;
}
