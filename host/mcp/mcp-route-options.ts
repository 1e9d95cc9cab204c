import { Inject } from '@nestjs/common';
import type { McpSessionLimits } from './mcp-session-store';

/** Limits of the `/mcp` route's sessions; every field is optional. */
export interface McpRouteOptions extends Partial<McpSessionLimits> {
  /** How often idle sessions are looked for. Default: 60 000 ms. */
  readonly sweepIntervalMs?: number;
}

export const DEFAULT_MCP_ROUTE_OPTIONS: Required<McpRouteOptions> = {
  maxSessions: 1000,
  maxSessionsPerUser: 20,
  idleTimeoutMs: 30 * 60 * 1000,
  sweepIntervalMs: 60 * 1000,
};

export const MCP_ROUTE_OPTIONS = Symbol('MCP_ROUTE_OPTIONS');

export const InjectMcpRouteOptions = (): ParameterDecorator =>
  Inject(MCP_ROUTE_OPTIONS);
