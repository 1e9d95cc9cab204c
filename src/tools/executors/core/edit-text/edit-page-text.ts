import type { Kysely } from 'kysely';
import type { DB } from '../../../../database';
import type { ToolCallContext } from '../../../../registry/tool-call-context';
import { ToolError } from '../../../../registry/tool-error';
import type { ToolInput } from '../../../../registry/tool-spec';
import type { editPageTextTool } from '../../../definitions/edit-text.tools';
import { mutatePage } from '../../../page-store';
import { listTextBlocks, parseBlockReference, resolveBlockReference, type LocatedNode } from '../../../prosemirror/find-block';
import { ATOM_PLACEHOLDER, matchableText } from '../../../prosemirror/inline-text';
import type { ProseMirrorNode } from '../../../prosemirror/prosemirror-node';
import { findTextMatches, replaceText, type TextMatch } from '../../../prosemirror/text-edit';
import { findFormattingSyntax } from './formatting-syntax';

type EditPageTextInput = ToolInput<typeof editPageTextTool>;

/** Matches listed in an "ambiguous" error; the count is always given in full. */
const LISTED_MATCHES = 20;
/** Block text longer than this is shown as an excerpt around the first change. */
const FULL_BLOCK_CHARS = 500;
const EXCERPT_RADIUS = 200;

export interface EditedBlock {
  readonly blockId: string | null;
  readonly topLevelIndex: number;
  readonly replacements: number;
  /** The block's text before and after (an excerpt around the first change for long blocks). */
  readonly before: string;
  readonly after: string;
}

/** What was written, for the model to check against its intent. */
export interface EditPageTextResult {
  readonly pageId: string;
  readonly version: string;
  readonly historyVersion: number;
  readonly replacements: number;
  readonly blocks: readonly EditedBlock[];
}

const PATCH_NODE_ADVICE = 'to change formatting (bold, italic, code, links, headings) use patchNode, which loadTools activates';

/** Refuses a replacement that adds Markdown: the page would show the asterisks, not bold text. */
function refuseNewFormatting(input: EditPageTextInput): void {
  const inFind = new Set(findFormattingSyntax(input.find));
  const added = findFormattingSyntax(input.replace).filter((name) => !inFind.has(name));
  if (added.length > 0) {
    throw new ToolError(
      'invalid_input',
      `replace contains Markdown formatting (${added.join(', ')}), but editPageText only replaces plain text and page text holds no Markdown: the page would show the symbols literally. Give the plain words as replace; ${PATCH_NODE_ADVICE}.`,
      { formatting: added },
    );
  }
}

function blockLabel(match: Pick<TextMatch, 'blockId' | 'topLevelIndex'>): string {
  return match.blockId ?? `#${match.topLevelIndex}`;
}

function notFound(doc: ProseMirrorNode, input: EditPageTextInput, scope: LocatedNode | undefined): ToolError {
  const where = input.blockId === undefined ? `page ${input.pageId}` : `block ${input.blockId} of page ${input.pageId}`;
  const formatting = findFormattingSyntax(input.find);
  if (formatting.length > 0) {
    return new ToolError(
      'invalid_input',
      `find contains Markdown formatting (${formatting.join(', ')}) and is not in the text of ${where}: page text holds no Markdown, formatting is stored apart from the words. Search for the plain words as getPage shows them; ${PATCH_NODE_ADVICE}.`,
      { formatting },
    );
  }
  const blocks = scope ? listTextBlocks(scope.node) : listTextBlocks(doc);
  const lowered = input.find.toLowerCase();
  const caseless = blocks.map((block) => matchableText(block.node)).find((text) => text.toLowerCase().includes(lowered));
  let hint = ' Copy the text exactly from getPage (case, spaces and punctuation included).';
  if (input.find.includes('\n')) hint = ' Text cannot be matched across two blocks or a line break: edit each block separately.';
  else if (caseless !== undefined) {
    const at = caseless.toLowerCase().indexOf(lowered);
    hint = ` The text exists with different capitalisation: "${caseless.slice(at, at + input.find.length)}".`;
  } else if (input.blockId !== undefined && findTextMatches(doc, input.find).length > 0) {
    hint = ' It occurs elsewhere on the page: omit blockId or give the block that holds it.';
  }
  return new ToolError('not_found', `"${input.find}" is not in the text of ${where}.${hint} Nothing was changed.`, { pageId: input.pageId });
}

function ambiguous(input: EditPageTextInput, matches: readonly TextMatch[]): ToolError {
  const listed = matches.slice(0, LISTED_MATCHES).map((match) => `- block ${blockLabel(match)}: "${match.context}"`);
  const more = matches.length > LISTED_MATCHES ? [`- … and ${matches.length - LISTED_MATCHES} more`] : [];
  return new ToolError(
    'invalid_input',
    [
      `"${input.find}" occurs ${matches.length} times; nothing was changed. Make find longer so it is unique, scope it with blockId, or pass replaceAll: true to replace every occurrence.`,
      ...listed,
      ...more,
    ].join('\n'),
    { occurrences: matches.length, blocks: matches.map(blockLabel) },
  );
}

function resolveScope(doc: ProseMirrorNode, input: EditPageTextInput): LocatedNode | undefined {
  if (input.blockId === undefined) return undefined;
  if (!parseBlockReference(input.blockId)) {
    throw new ToolError(
      'invalid_input',
      `blockId "${input.blockId}" is neither a block id (12 lowercase letters) nor a top-level index such as "#3"; getPage and getOutline show both`,
    );
  }
  const scope = resolveBlockReference(doc, input.blockId);
  if (!scope) {
    throw new ToolError('not_found', `page ${input.pageId} has no block "${input.blockId}"; call getPage or getOutline for the current block ids. Nothing was changed.`);
  }
  return scope;
}

function excerpt(text: string, offset: number, length: number): string {
  if (text.length <= FULL_BLOCK_CHARS) return text;
  const from = Math.max(0, offset - EXCERPT_RADIUS);
  const to = Math.min(text.length, offset + length + EXCERPT_RADIUS);
  return `${from > 0 ? '…' : ''}${text.slice(from, to)}${to < text.length ? '…' : ''}`;
}

/**
 * Exact plain-text find/replace within single blocks, written as one compare-and-set: the
 * document is read, every match checked, and the page written only if nobody changed it since.
 */
export async function editPageText(db: Kysely<DB>, input: EditPageTextInput, context: ToolCallContext): Promise<EditPageTextResult> {
  if (input.find === input.replace) {
    throw new ToolError('invalid_input', 'find and replace are the same text, so there is nothing to change');
  }
  refuseNewFormatting(input);
  // Matching sees each inline atom as U+FFFC; a find holding one could span an atom, which
  // is not text and cannot be rewritten (the splice would fail half-way through the block).
  if (input.find.includes(ATOM_PLACEHOLDER)) {
    throw new ToolError(
      'invalid_input',
      'find contains U+FFFC (object replacement character), which stands for a mention, line break or other inline element: text cannot be matched across one; edit the text on each side separately. Nothing was changed.',
    );
  }
  let report: Pick<EditPageTextResult, 'replacements' | 'blocks'> = { replacements: 0, blocks: [] };
  const { after } = await mutatePage(db, context, input.pageId, (doc) => {
    const scope = resolveScope(doc, input);
    const matches = findTextMatches(doc, input.find, { within: scope });
    if (matches.length === 0) throw notFound(doc, input, scope);
    if (matches.length > 1 && !input.replaceAll) throw ambiguous(input, matches);
    const result = replaceText(doc, input.find, input.replace, { within: scope });
    const firstOffset = new Map<string, number>();
    for (const match of matches) if (!firstOffset.has(match.path.join('.'))) firstOffset.set(match.path.join('.'), match.offset);
    report = {
      replacements: result.replacements,
      blocks: result.changedBlocks.map((block) => {
        const offset = firstOffset.get(block.path.join('.')) ?? 0;
        return {
          blockId: block.blockId,
          topLevelIndex: block.topLevelIndex,
          replacements: block.replacements,
          before: excerpt(block.before, offset, input.find.length),
          after: excerpt(block.after, offset, input.replace.length),
        };
      }),
    };
    return result.doc;
  });
  return { pageId: after.id, version: after.version, historyVersion: after.historyVersion, ...report };
}
