import type { ToolAnnotations } from '../registry';

/**
 * The MCP annotations the tools declare, one set per kind of effect (MCP's hints: whether a
 * tool changes anything, whether a change can destroy what was there, whether the same call
 * again changes nothing more; none of the tools reaches outside the workspace).
 */

/** Reads only. */
export const READ_ONLY = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
} as const satisfies ToolAnnotations;

/** Replaces or removes what it names; the same call again changes nothing more. */
export const REPLACES = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: true,
  openWorldHint: false,
} as const satisfies ToolAnnotations;

/** Changes what is there, and again with each call (an insert, a move, a text edit). */
export const CHANGES = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: false,
} as const satisfies ToolAnnotations;

/** Adds something new with each call (a comment, a page, a row), destroying nothing. */
export const ADDS = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: false,
} as const satisfies ToolAnnotations;

/** Sets a state that the same call again leaves as it is (resolved, shared), destroying nothing. */
export const SETS = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
} as const satisfies ToolAnnotations;
