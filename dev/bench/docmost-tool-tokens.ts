/**
 * What Docmost itself sends today: the definitions of its own 40 in-app chat tools, all active on
 * every step, counted per tool. A recorded measurement, not computed here: the baseline every
 * token figure of the bench and the demo is compared with.
 */

/** Where the figures come from and how they were counted, printed beside them. */
export const DOCMOST_TOOL_TOKENS_SOURCE =
  "the Docmost fork (vvzvlad/gitmost) at 0.94.0, its own 40 in-app chat tools all active, captured from outside at an OpenAI-compatible endpoint in the first model request of a chat turn; o200k_base over the request's `tools` array, compact JSON";

/** One of Docmost's tools, in o200k tokens. */
export interface DocmostToolTokens {
  readonly name: string;
  /** The description text alone. */
  readonly description: number;
  /** The `parameters` JSON Schema alone. */
  readonly parameters: number;
  /** The whole `{ type, function: { name, description, parameters } }` element. */
  readonly definition: number;
}

const row = (
  name: string,
  description: number,
  parameters: number,
  definition: number,
): DocmostToolTokens =>
  Object.freeze({ name, description, parameters, definition });

/** Docmost's 40 tools (the package's 41 but `stashPage`), as measured. */
export const DOCMOST_TOOL_TOKENS: readonly DocmostToolTokens[] = Object.freeze([
  row('createComment', 110, 162, 288),
  row('editPageText', 271, 151, 442),
  row('getComment', 11, 50, 78),
  row('getCurrentPage', 65, 29, 111),
  row('getNode', 86, 61, 163),
  row('getOutline', 64, 46, 126),
  row('getPage', 20, 55, 91),
  row('getWorkspace', 11, 29, 57),
  row('listComments', 11, 50, 78),
  row('listPages', 48, 116, 180),
  row('listSpaces', 23, 29, 69),
  row('resolveComment', 25, 78, 119),
  row('searchPages', 75, 72, 163),
  row('checkNewComments', 20, 100, 137),
  row('copyPageContent', 68, 90, 176),
  row('createPage', 38, 116, 170),
  row('deleteNode', 23, 61, 100),
  row('deletePage', 28, 54, 98),
  row('diffPageVersions', 94, 87, 199),
  row('exportPageMarkdown', 32, 52, 101),
  row('getPageHistory', 15, 51, 83),
  row('getPageJson', 57, 46, 120),
  row('getTable', 25, 84, 126),
  row('importPageMarkdown', 76, 59, 152),
  row('insertNode', 131, 193, 348),
  row('listPageHistory', 49, 62, 128),
  row('listShares', 14, 29, 59),
  row('listSidebarPages', 32, 73, 122),
  row('movePage', 30, 89, 135),
  row('patchNode', 125, 122, 271),
  row('renamePage', 23, 67, 106),
  row('restorePageVersion', 53, 46, 116),
  row('sharePage', 38, 74, 128),
  row('tableDeleteRow', 17, 118, 152),
  row('tableInsertRow', 17, 146, 180),
  row('tableUpdateCell', 25, 167, 209),
  row('transformPage', 62, 98, 176),
  row('unsharePage', 14, 56, 88),
  row('updatePageContent', 27, 85, 129),
  row('updatePageJson', 90, 99, 210),
]);

/** Tokens of Docmost's whole tools array as sent on every step (its 40 definitions). */
export const DOCMOST_TOOLS_TOTAL_TOKENS = 5_946;

/**
 * The package mounted in that same Docmost before its definitions were made lean, measured
 * the same way: 13 core tools + `loadTools` (4,380) + the catalog (653) per step with deferred
 * tools ON. Kept to show where the figures started.
 */
export const PACKAGE_BEFORE_LEAN_DEFINITIONS_TOKENS = 5_033;

/**
 * The most tokens a core tool's description may take: Docmost's own description of the same
 * tool, or {@link MIN_CORE_DESCRIPTION_BUDGET} where Docmost's is shorter (several of its core
 * descriptions are a bare title, "Get a comment by id", that cannot say what a result holds).
 * Deferred tools have no budget: their definitions are sent only after `loadTools`.
 */
export const MIN_CORE_DESCRIPTION_BUDGET = 100;

export function docmostToolTokens(name: string): DocmostToolTokens | undefined {
  return DOCMOST_TOOL_TOKENS.find((tool) => tool.name === name);
}

export function coreDescriptionBudget(name: string): number {
  return Math.max(
    docmostToolTokens(name)?.description ?? 0,
    MIN_CORE_DESCRIPTION_BUDGET,
  );
}

/** At most half of what Docmost sends: the goal for a step with deferred tools ON. */
export const DEFERRED_STEP_TOKEN_GOAL = Math.floor(
  DOCMOST_TOOLS_TOTAL_TOKENS / 2,
);
