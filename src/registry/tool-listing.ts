import type { ToolInputJsonSchema } from './tool-input-schema';
import type { ToolRegistry } from './tool-registry';
import type { ToolTier } from './tool-spec';

/** One tool as `npm run tools -- --json` prints it. */
export interface ToolListingEntry {
  readonly name: string;
  readonly mcpName: string;
  readonly tier: ToolTier;
  /** The catalog line of a deferred tool; null for core tools. */
  readonly catalogLine: string | null;
  readonly description: string;
  /** The JSON Schema the in-app chat's model receives (validation-only keywords left out). */
  readonly inputSchema: ToolInputJsonSchema;
  /** The JSON Schema MCP clients list: `inputSchema` plus `$schema` and every bound. */
  readonly mcpInputSchema: ToolInputJsonSchema;
}

/** Every spec of the registry, bound or not, in canonical order. */
export function toolListing(registry: ToolRegistry): ToolListingEntry[] {
  return registry.allTools.map(
    ({ spec, inputJsonSchema, modelInputJsonSchema }) => ({
      name: spec.name,
      mcpName: spec.mcpName,
      tier: spec.tier,
      catalogLine: spec.catalogLine ?? null,
      description: spec.description,
      inputSchema: modelInputJsonSchema,
      mcpInputSchema: inputJsonSchema,
    }),
  );
}

/** The input fields of a schema for a table cell: required ones plain, optional ones with `?`. */
function inputFields(schema: ToolInputJsonSchema): string {
  const required = new Set(schema.required ?? []);
  const fields = Object.keys(schema.properties ?? {}).map((field) =>
    required.has(field) ? field : `${field}?`,
  );
  return fields.length === 0 ? '-' : fields.join(', ');
}

function truncate(text: string, width: number): string {
  return text.length <= width ? text : `${text.slice(0, width - 1)}…`;
}

/** A readable table of the listing, one tool per line, with tier totals at the end. */
export function formatToolTable(entries: readonly ToolListingEntry[]): string {
  const rows = entries.map((entry, index) => [
    String(index + 1),
    entry.name,
    entry.mcpName,
    entry.tier,
    inputFields(entry.inputSchema),
    truncate(entry.catalogLine ?? '', 60),
  ]);
  const header = ['#', 'name', 'mcpName', 'tier', 'input', 'catalog line'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd();
  const core = entries.filter((entry) => entry.tier === 'core').length;
  return [
    line(header),
    line(widths.map((width) => '-'.repeat(width))),
    ...rows.map(line),
    '',
    `${entries.length} tools: ${core} core, ${entries.length - core} deferred`,
  ].join('\n');
}
