import { DEFERRED_STEP_TOKEN_GOAL } from './docmost-tool-tokens';
import type {
  RequestToolTokens,
  ToolDefinitionTokens,
  ToolTokenFigures,
} from './tool-token-figures';

function number(value: number): string {
  return value.toLocaleString('en-US');
}

function table(
  head: readonly string[],
  rows: readonly (readonly string[])[],
): string[] {
  const widths = head.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const format = (row: readonly string[]) =>
    row
      .map((cell, column) =>
        column === 0
          ? cell.padEnd(widths[column]!)
          : cell.padStart(widths[column]!),
      )
      .join('  ')
      .trimEnd();
  return [format(head), ...rows.map(format)];
}

function percentOf(part: number, whole: number): string {
  return `${((part / whole) * 100).toFixed(1)}%`;
}

function tokenRow(
  label: string,
  request: RequestToolTokens,
  docmostTokens: number,
): string[] {
  return [
    label,
    String(request.tools),
    number(request.toolTokens),
    number(request.catalogTokens),
    number(request.totalTokens),
    percentOf(request.totalTokens, docmostTokens),
  ];
}

/**
 * Tool-definition tokens per step, three ways first (the package with deferred tools ON, the
 * package with every tool active, Docmost's own tools as it sends them today), then after loads.
 */
export function renderToolTokens(
  tokens: ToolTokenFigures,
  encoding: string,
): string[] {
  const docmost = tokens.docmost.totalTokens;
  const goal = tokens.deferredOn.totalTokens <= DEFERRED_STEP_TOKEN_GOAL;
  return [
    `Tool-definition tokens per step (gpt-tokenizer ${encoding}; tools array + <tool_catalog> block)`,
    ...table(
      ['request', 'tools', 'tool tokens', 'catalog', 'total', 'of Docmost'],
      [
        tokenRow(
          'deferred ON, every step (stubs; loads in the conversation)',
          tokens.inConversation,
          docmost,
        ),
        tokenRow(
          'deferred ON, tool-list loading, nothing loaded',
          tokens.deferredOn,
          docmost,
        ),
        tokenRow(
          `package, all ${tokens.boundTools} active (deferred OFF)`,
          tokens.deferredOff,
          docmost,
        ),
        [
          `Docmost's own ${tokens.docmost.tools} tools, all active`,
          String(tokens.docmost.tools),
          number(docmost),
          '0',
          number(docmost),
          '100.0%',
        ],
        tokenRow(
          `ON, after loading ${tokens.afterLoadingOne.loaded.join(', ')}`,
          tokens.afterLoadingOne,
          docmost,
        ),
        tokenRow(
          `ON, after loading ${tokens.afterLoadingThree.loaded.length}`,
          tokens.afterLoadingThree,
          docmost,
        ),
      ],
    ),
    `  deferred ON: ${number(tokens.deferredOn.totalTokens)} tokens per step, ${tokens.deferredOnShareOfDocmostPercent.toFixed(1)}% of Docmost's own ${number(docmost)} (goal: at most half, ${number(DEFERRED_STEP_TOKEN_GOAL)}: ${goal ? 'met' : 'NOT MET'})`,
    `  Docmost's figure: ${tokens.docmost.source}`,
    `  (the three loaded: ${tokens.afterLoadingThree.loaded.join(', ')})`,
  ];
}

function cell(value: number | null): string {
  return value === null ? '—' : number(value);
}

function perToolRow(tool: ToolDefinitionTokens): string[] {
  const over =
    tool.descriptionBudget !== null &&
    tool.descriptionTokens > tool.descriptionBudget;
  return [
    tool.name,
    tool.tier,
    number(tool.descriptionTokens),
    `${cell(tool.descriptionBudget)}${over ? ' OVER' : ''}`,
    cell(tool.docmostDescriptionTokens),
    number(tool.parametersTokens),
    number(tool.definitionTokens),
    cell(tool.docmostDefinitionTokens),
  ];
}

/**
 * Each tool's definition as the chat sends it beside Docmost's own for the same name, with the
 * description budget of the core tools (Docmost's length, or 100 tokens where it is shorter).
 */
export function renderPerToolTokens(tokens: ToolTokenFigures): string[] {
  const sum = (
    tier: 'core' | 'deferred',
    pick: (tool: ToolDefinitionTokens) => number | null,
  ) =>
    tokens.perTool
      .filter((tool) => tool.tier === tier)
      .reduce((total, tool) => total + (pick(tool) ?? 0), 0);
  return [
    'Per tool (tokens of the description, of the parameters schema, of the whole definition)',
    ...table(
      [
        'tool',
        'tier',
        'description',
        'budget',
        "Docmost's",
        'parameters',
        'definition',
        "Docmost's",
      ],
      [
        ...tokens.perTool.map(perToolRow),
        [
          'core, together',
          '',
          number(sum('core', (tool) => tool.descriptionTokens)),
          '',
          number(sum('core', (tool) => tool.docmostDescriptionTokens)),
          number(sum('core', (tool) => tool.parametersTokens)),
          number(sum('core', (tool) => tool.definitionTokens)),
          number(sum('core', (tool) => tool.docmostDefinitionTokens)),
        ],
      ],
    ),
  ];
}
