import { DEFERRED_TOOL_NAMES } from './catalog-lines';

/** The core tier of seed 000, in its order: always active in the chat. */
export const CORE_TOOL_NAMES = [
  'searchPages',
  'listPages',
  'listSpaces',
  'getWorkspace',
  'getCurrentPage',
  'getPage',
  'getOutline',
  'getNode',
  'createComment',
  'getComment',
  'listComments',
  'resolveComment',
  'editPageText',
] as const;

export type CoreToolName = (typeof CORE_TOOL_NAMES)[number];

/** Canonical order: the core tier, then the deferred tier in the order of seed 000's catalog. */
export const TOOL_NAMES = [...CORE_TOOL_NAMES, ...DEFERRED_TOOL_NAMES] as const;

export type ToolName = (typeof TOOL_NAMES)[number];
