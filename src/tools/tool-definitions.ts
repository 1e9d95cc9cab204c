import type { AnyToolSpec, ToolExecutorMap } from '../registry';
import { DEFERRED_TOOL_NAMES } from './catalog-lines';
import { CORE_TOOL_NAMES, TOOL_NAMES } from './tool-names';
import { COMMENT_TOOLS } from './comments';
import { CONTENT_TOOLS } from './content';
import { EDIT_TEXT_TOOLS } from './edit-text';
import { HISTORY_TOOLS } from './history';
import { PAGE_MANAGEMENT_TOOLS } from './page-management';
import { READING_TOOLS } from './reading';
import { SHARING_TOOLS } from './sharing';
import { STRUCTURE_TOOLS } from './structure';
import { TABLE_TOOLS } from './tables';

export { CATALOG_LINES, DEFERRED_TOOL_NAMES } from './catalog-lines';
export type { DeferredToolName } from './catalog-lines';
export {
  CORE_TOOL_NAMES,
  TOOL_NAMES,
  type CoreToolName,
  type ToolName,
} from './tool-names';

/** Every group file's specs; order here does not matter, `TOOL_NAMES` decides it. */
const GROUPED_SPECS = [
  ...READING_TOOLS,
  ...COMMENT_TOOLS,
  ...EDIT_TEXT_TOOLS,
  ...CONTENT_TOOLS,
  ...STRUCTURE_TOOLS,
  ...TABLE_TOOLS,
  ...PAGE_MANAGEMENT_TOOLS,
  ...HISTORY_TOOLS,
  ...SHARING_TOOLS,
] as const;

type DocmostToolSpec = (typeof GROUPED_SPECS)[number];

/**
 * Puts the specs in canonical order. Both surfaces list tools in this order and provider prompt
 * caches depend on it staying stable, so it comes from the explicit name list, never from import
 * order. A spec whose name is not in the list, a duplicate, or a spec in the wrong tier is a
 * programming error and fails at import. A listed name without a spec is tolerated here (its
 * group file may not exist yet) and caught by the guard test.
 */
function inCanonicalOrder<Spec extends AnyToolSpec>(
  specs: readonly Spec[],
): readonly Spec[] {
  const byName = new Map<string, Spec>();
  for (const spec of specs) {
    if (byName.has(spec.name))
      throw new Error(`Tool definitions: "${spec.name}" is defined twice`);
    const expectedTier = (CORE_TOOL_NAMES as readonly string[]).includes(
      spec.name,
    )
      ? 'core'
      : (DEFERRED_TOOL_NAMES as readonly string[]).includes(spec.name)
        ? 'deferred'
        : undefined;
    if (expectedTier === undefined) {
      throw new Error(
        `Tool definitions: "${spec.name}" is not in TOOL_NAMES; add it to the core or deferred list`,
      );
    }
    if (spec.tier !== expectedTier) {
      throw new Error(
        `Tool definitions: "${spec.name}" has tier "${spec.tier}" but TOOL_NAMES puts it in "${expectedTier}"`,
      );
    }
    byName.set(spec.name, spec);
  }
  return Object.freeze(TOOL_NAMES.flatMap((name) => byName.get(name) ?? []));
}

/** All tool specs, in canonical order: what `createToolRegistry` receives. */
export const TOOL_DEFINITIONS =
  inCanonicalOrder<DocmostToolSpec>(GROUPED_SPECS);

/** Executors for the Docmost tools, each typed from its spec; a missing one leaves its tool unbound. */
export type DocmostToolExecutors = ToolExecutorMap<typeof TOOL_DEFINITIONS>;
