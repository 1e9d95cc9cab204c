import {
  transferDocument,
  type StoredFormOptions,
  type TransferredDocument,
} from '../../stored-document';
import { abbreviate, ToolError } from '../../ground';
import {
  listTextBlocks,
  parseBlockReference,
  resolveBlockReference,
  type LocatedNode,
  matchableText,
  readStoredDocument,
  type ProseMirrorNode,
  findTextMatches,
  replaceText,
  type TextMatch,
} from '../../document';
import { findFormattingSyntax } from './formatting-syntax';

/** What editPageText asks for, as far as the document is concerned. */
export interface TextEditRequest {
  readonly pageId: string;
  readonly find: string;
  readonly replace: string;
  readonly replaceAll: boolean;
  readonly blockId?: string | undefined;
}

/** Matches listed in an "ambiguous" error; the count is always given in full. */
const LISTED_MATCHES = 20;
/** Changed blocks listed in the result; a replaceAll over a large page only counts the rest. */
export const LISTED_CHANGED_BLOCKS = 50;
/** Block text longer than this is shown as an excerpt around the first change. */
const FULL_BLOCK_CHARS = 500;
const EXCERPT_RADIUS = 200;

export const PATCH_NODE_ADVICE =
  'to change formatting (bold, italic, code, links, headings) use patchNode, which loadTools activates';

export interface EditedBlock {
  readonly blockId: string | null;
  readonly topLevelIndex: number;
  readonly replacements: number;
  /** The block's text before and after (an excerpt around the first change for long blocks). */
  readonly before: string;
  readonly after: string;
}

export interface TextEditPlan {
  /** The edited document, with its stored form (see `receiveDocument`). */
  readonly document: TransferredDocument;
  readonly replacements: number;
  /** The first changed blocks, at most LISTED_CHANGED_BLOCKS. */
  readonly blocks: readonly EditedBlock[];
  /** Changed blocks beyond those listed. */
  readonly unlistedBlocks: number;
}

/** Characters of a find text an error quotes: enough to recognise it, never a whole long input. */
const QUOTED_TEXT_LENGTH = 200;

function blockLabel(
  match: Pick<TextMatch, 'blockId' | 'topLevelIndex'>,
): string {
  return match.blockId ?? `#${match.topLevelIndex}`;
}

function notFound(
  doc: ProseMirrorNode,
  input: TextEditRequest,
  scope: LocatedNode | undefined,
): ToolError {
  const where =
    input.blockId === undefined
      ? `page ${abbreviate(input.pageId)}`
      : `block ${abbreviate(input.blockId)} of page ${abbreviate(input.pageId)}`;
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
  const caseless = blocks
    .map((block) => matchableText(block.node))
    .find((text) => text.toLowerCase().includes(lowered));
  let hint =
    ' Copy the text exactly from getPage (case, spaces and punctuation included).';
  if (input.find.includes('\n'))
    hint =
      ' Text cannot be matched across two blocks or a line break: edit each block separately.';
  else if (caseless !== undefined) {
    const at = caseless.toLowerCase().indexOf(lowered);
    hint = ` The text exists with different capitalisation: "${abbreviate(caseless.slice(at, at + input.find.length), QUOTED_TEXT_LENGTH)}".`;
  } else if (
    input.blockId !== undefined &&
    findTextMatches(doc, input.find).length > 0
  ) {
    hint =
      ' It occurs elsewhere on the page: omit blockId or give the block that holds it.';
  }
  return new ToolError(
    'not_found',
    `"${abbreviate(input.find, QUOTED_TEXT_LENGTH)}" is not in the text of ${where}.${hint} Nothing was changed.`,
    { pageId: input.pageId },
  );
}

function ambiguous(
  input: TextEditRequest,
  matches: readonly TextMatch[],
): ToolError {
  const listed = matches
    .slice(0, LISTED_MATCHES)
    .map((match) => `- block ${blockLabel(match)}: "${match.context}"`);
  const more =
    matches.length > LISTED_MATCHES
      ? [`- … and ${matches.length - LISTED_MATCHES} more`]
      : [];
  return new ToolError(
    'invalid_input',
    [
      `"${abbreviate(input.find, QUOTED_TEXT_LENGTH)}" occurs ${matches.length} times; nothing was changed. Make find longer so it is unique, scope it with blockId, or pass replaceAll: true to replace every occurrence.`,
      ...listed,
      ...more,
    ].join('\n'),
    {
      occurrences: matches.length,
      blocks: matches.slice(0, LISTED_MATCHES).map(blockLabel),
    },
  );
}

function resolveScope(
  doc: ProseMirrorNode,
  input: TextEditRequest,
): LocatedNode | undefined {
  if (input.blockId === undefined) return undefined;
  if (!parseBlockReference(input.blockId)) {
    throw new ToolError(
      'invalid_input',
      `blockId "${abbreviate(input.blockId)}" is neither a block id (as getPage shows it: 5 to 12 lowercase letters) nor a top-level index such as "#3"; getPage and getOutline show both`,
    );
  }
  const scope = resolveBlockReference(doc, input.blockId);
  if (!scope) {
    throw new ToolError(
      'not_found',
      `page ${abbreviate(input.pageId)} has no block "${abbreviate(input.blockId)}"; call getPage or getOutline for the current block ids. Nothing was changed.`,
    );
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
 * The edited document and its verify report, or the ToolError the model reads (not found,
 * ambiguous, unknown block). Linear in the page size, so a worker can run it for large pages:
 * from the page's JSON text, making the new document's stored form there, which is all of it
 * that crosses back.
 */
export function planTextEdit(input: {
  /** The page's document, or its JSON text (a large page, read as text). */
  readonly document: ProseMirrorNode | string;
  readonly request: TextEditRequest;
  readonly storedForm?: StoredFormOptions;
}): TextEditPlan {
  const { request } = input;
  const doc = readStoredDocument(input.document);
  const scope = resolveScope(doc, request);
  const matches = findTextMatches(doc, request.find, { within: scope });
  if (matches.length === 0) throw notFound(doc, request, scope);
  if (matches.length > 1 && !request.replaceAll)
    throw ambiguous(request, matches);
  const result = replaceText(doc, request.find, request.replace, {
    within: scope,
  });
  const firstOffset = new Map<string, number>();
  for (const match of matches)
    if (!firstOffset.has(match.path.join('.')))
      firstOffset.set(match.path.join('.'), match.offset);
  const listed = result.changedBlocks.slice(0, LISTED_CHANGED_BLOCKS);
  return {
    document: transferDocument(
      result.doc,
      JSON.stringify(result.doc),
      'the new content',
      input.storedForm,
    ),
    replacements: result.replacements,
    blocks: listed.map((block) => {
      const offset = firstOffset.get(block.path.join('.')) ?? 0;
      return {
        blockId: block.blockId,
        topLevelIndex: block.topLevelIndex,
        replacements: block.replacements,
        before: excerpt(block.before, offset, request.find.length),
        after: excerpt(block.after, offset, request.replace.length),
      };
    }),
    unlistedBlocks: result.changedBlocks.length - listed.length,
  };
}
