import { TOOL_CATALOG_CLOSE, TOOL_CATALOG_HEAD } from './verbatim-texts';

/** One bound deferred tool as the catalog lists it. */
export interface CatalogToolEntry {
  readonly name: string;
  /** The purpose only; rendered as `- <name> — <catalogLine>`. */
  readonly catalogLine: string;
}

/** One connected external MCP server: its tools are deferred and listed on one line. */
export interface CatalogExternalServer {
  readonly prefix: string;
  readonly name: string;
  /** Full, prefixed tool names (`<prefix>_<tool>`), exactly what `loadTools` accepts. */
  readonly toolNames: readonly string[];
}

export interface ToolCatalogBlockInput {
  /** Bound deferred tools in canonical order; unbound tools must not be passed. */
  readonly deferredTools: readonly CatalogToolEntry[];
  readonly externalServers?: readonly CatalogExternalServer[];
}

/**
 * The external-server line of seed 000. The seed's trailing "…" stands for "and so on": every
 * tool name is listed, because the model may load only names it has seen spelled out.
 */
export function externalServerCatalogLine(
  server: CatalogExternalServer,
): string {
  return (
    `- ${server.prefix}_* (external MCP server "${server.name}") — see <mcp_tooling> for guidance; ` +
    `load individual tools by exact name: ${server.toolNames.join(', ')}`
  );
}

/**
 * The `<tool_catalog>` block of the system prompt, verbatim from seed 000: one line per bound
 * deferred tool, then one line per external server that exposes tools. Empty string when
 * there is nothing to load, so the caller renders no block at all.
 */
export function buildToolCatalogBlock(input: ToolCatalogBlockInput): string {
  const servers = (input.externalServers ?? []).filter(
    (server) => server.toolNames.length > 0,
  );
  if (input.deferredTools.length === 0 && servers.length === 0) return '';
  return [
    TOOL_CATALOG_HEAD,
    ...input.deferredTools.map(
      (tool) => `- ${tool.name} — ${tool.catalogLine}`,
    ),
    ...servers.map(externalServerCatalogLine),
    TOOL_CATALOG_CLOSE,
  ].join('\n');
}

/** The block for a turn's registry deferred tools and external servers (all their tools deferred). */
export function turnCatalogBlock(
  registryDeferred: readonly { name: string; catalogLine?: string }[],
  externalServers: readonly {
    name: string;
    prefix: string;
    tools: Readonly<Record<string, unknown>>;
  }[],
): string {
  return buildToolCatalogBlock({
    deferredTools: registryDeferred.map((tool) => ({
      name: tool.name,
      catalogLine: tool.catalogLine ?? '',
    })),
    externalServers: externalServers.map((server) => ({
      name: server.name,
      prefix: server.prefix,
      toolNames: Object.keys(server.tools),
    })),
  });
}
