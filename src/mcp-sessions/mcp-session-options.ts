/** Nest injection token of `McpSessionOptions` (optional: every field has a default). */
export const MCP_SESSION_OPTIONS = Symbol('MCP_SESSION_OPTIONS');

/** Bounds of the MCP sessions kept in `ai_tools_mcp_sessions`; every field is optional. */
export interface McpSessionOptions {
  /** Sessions one user may have; opening one more closes that user's least recently used. Default 20. */
  readonly maxSessionsPerUser?: number;
  /** A session unused this long is closed (its next request is answered "Session not found"). Default 30 minutes. */
  readonly idleTimeoutMs?: number;
  /** How often each instance deletes the sessions that went idle. Default 60 000 ms. */
  readonly sweepIntervalMs?: number;
}

export type McpSessionLimits = Required<McpSessionOptions>;

export const MCP_SESSION_DEFAULTS: McpSessionLimits = Object.freeze({
  maxSessionsPerUser: 20,
  idleTimeoutMs: 30 * 60 * 1000,
  sweepIntervalMs: 60 * 1000,
});

/** The options with defaults filled in; a value that is not a positive integer is a configuration error. */
export function resolveMcpSessionLimits(
  options: McpSessionOptions = {},
): McpSessionLimits {
  const limits = { ...MCP_SESSION_DEFAULTS, ...options };
  for (const [field, value] of Object.entries(limits)) {
    if (!Number.isInteger(value) || value < 1) {
      throw new RangeError(
        `McpSessionOptions.${field} must be a positive integer, got ${String(value)}`,
      );
    }
  }
  return limits;
}
