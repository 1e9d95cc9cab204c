import type { ModeSummary, ScenarioRate } from './eval-summary';
import type { RunResult } from './run-scenario';

const thousands = (value: number): string => value.toLocaleString('en-US');

function cells(values: readonly string[], widths: readonly number[]): string {
  return values
    .map((value, index) =>
      index < 3 ? value.padEnd(widths[index]!) : value.padStart(widths[index]!),
    )
    .join('  ')
    .trimEnd();
}

const RUN_WIDTHS = [14, 16, 4, 4, 5, 8, 12, 11, 5, 7, 7];

/** The header of the progress table. */
export function progressHeader(): string {
  return `${cells(['model', 'scenario', 'mode', 'done', 'steps', 'requests', 'input tokens', 'tool tokens', 'loads', 'repairs', 'unknown'], RUN_WIDTHS)}  claims`;
}

/** One line per finished run, printed as the suite goes. */
export function progressLine(
  result: RunResult,
  progress: { readonly done: number; readonly total: number },
): string {
  const figures = result.figures;
  const line = cells(
    [
      result.model.slice(0, 14),
      result.scenarioId,
      result.mode.toUpperCase(),
      result.check.passed ? 'yes' : 'NO',
      String(figures.steps),
      String(figures.modelRequests),
      thousands(figures.inputTokens),
      thousands(figures.toolDefinitionTokens),
      String(figures.loadToolsCalls),
      String(figures.repairedCalls),
      String(figures.unknownNameErrors),
    ],
    RUN_WIDTHS,
  );
  const failure = result.check.passed
    ? ''
    : `\n    ↳ ${result.error ?? result.check.detail}`;
  return `${line}  ${figures.claimsMissingCapability ? 'yes' : 'no'}  [${progress.done}/${progress.total}]${failure}`;
}

const SUMMARY_WIDTHS = [14, 4, 9, 7, 9, 11, 12, 15, 6, 8, 8, 7];

/** Totals per model and mode. */
export function summaryTable(summaries: readonly ModeSummary[]): string {
  const header = cells(
    [
      'model',
      'mode',
      'completed',
      'errored',
      'requests',
      'extra trips',
      'input tokens',
      'tokens / done',
      'loads',
      'repairs',
      'unknown',
      'claims',
    ],
    SUMMARY_WIDTHS,
  );
  const rows = summaries.map((summary) =>
    cells(
      [
        summary.model.slice(0, 14),
        summary.mode.toUpperCase(),
        `${summary.completed}/${summary.runs}`,
        summary.errored === 0
          ? '0'
          : `${summary.errored} (${thousands(summary.erroredInputTokens)} tok)`,
        String(summary.modelRequests),
        String(summary.extraRoundTrips),
        thousands(summary.inputTokens),
        summary.tokensPerCompletedTask === null
          ? '-'
          : thousands(summary.tokensPerCompletedTask),
        String(summary.loadToolsCalls),
        String(summary.repairedCalls),
        String(summary.unknownNameErrors),
        String(summary.capabilityClaims),
      ],
      SUMMARY_WIDTHS,
    ),
  );
  return [header, ...rows].join('\n');
}

/** Completed/runs per scenario (rows) and model (columns), ON and OFF side by side. */
export function rateTable(rates: readonly ScenarioRate[]): string {
  const scenarios = [...new Set(rates.map((rate) => rate.scenarioId))];
  const models = [...new Set(rates.map((rate) => rate.model))];
  const cell = (scenarioId: string, model: string) =>
    (['on', 'off'] as const)
      .map((mode) => {
        const rate = rates.find(
          (candidate) =>
            candidate.scenarioId === scenarioId &&
            candidate.model === model &&
            candidate.mode === mode,
        );
        return `${mode.toUpperCase()} ${rate === undefined ? '-' : `${rate.completed}/${rate.runs}`}`;
      })
      .join('  ');
  const width = Math.max(
    ...scenarios.map((id) => id.length),
    'scenario'.length,
  );
  const columnWidths = models.map((model) =>
    Math.max(model.length, ...scenarios.map((id) => cell(id, model).length)),
  );
  const row = (first: string, rest: readonly string[]) =>
    [
      first.padEnd(width),
      ...rest.map((text, index) => text.padEnd(columnWidths[index]!)),
    ]
      .join('   ')
      .trimEnd();
  return [
    row('scenario', models),
    ...scenarios.map((id) =>
      row(
        id,
        models.map((model) => cell(id, model)),
      ),
    ),
  ].join('\n');
}
