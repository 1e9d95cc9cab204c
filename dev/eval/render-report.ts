import { cpus, totalmem } from 'node:os';
import type { EvalReport } from './run-eval';

/** The machine a report was measured on, in one line. */
export function describeMachine(): string {
  const processors = cpus();
  return `${processors.length} × ${processors[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${process.platform}`;
}

function models(report: EvalReport): string[] {
  return [...new Set(report.rates.map((rate) => rate.model))];
}

const thousands = (value: number | null): string =>
  value === null ? '–' : value.toLocaleString('en-US');

/** What produced the answers, said plainly at the top of every report. */
export function reportLabel(
  report: EvalReport,
  modelName: string | undefined,
): string {
  return report.kind === 'scripted'
    ? 'SCRIPTED PERSONAS: no language model answered; scripted stand-ins reproduce known failure modes.'
    : `Model: ${modelName ?? 'the configured model'} (a real OpenAI-compatible endpoint).`;
}

/**
 * The Markdown report: what ran, totals per model and mode, the chart (an SVG file beside the
 * report), every run's outcome and figures, and why each failed run failed.
 */
export function renderReport(
  report: EvalReport,
  options: { readonly chartFile: string; readonly modelName?: string },
): string {
  const lines: string[] = [
    '# Deferred tools: agent outcomes ON vs OFF',
    '',
    `**${reportLabel(report, options.modelName)}**`,
    '',
    `Run ${report.startedAt} on ${describeMachine()}; ${report.durationSeconds} s. ` +
      `${report.scenarios.length} scenarios × 2 modes, repeated ${report.repeat}×. Module: repair ${report.variation.repair ? 'on' : 'OFF'}, catalog ${report.variation.catalog ? 'on' : 'OFF'}.`,
    '',
    `![Completed tasks and tokens per completed task, ON vs OFF](${options.chartFile})`,
    '',
    '## Totals per mode',
    '',
    '| model | mode | completed | requests | extra round trips | input tokens | tokens per completed task | tool-definition tokens | loadTools | repaired | unknown names | "can\'t" answers |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...report.summaries.map(
      (summary) =>
        `| ${summary.model} | ${summary.mode.toUpperCase()} | ${summary.completed}/${summary.runs} | ${summary.modelRequests} | ${summary.extraRoundTrips} | ${thousands(summary.inputTokens)} | ${thousands(summary.tokensPerCompletedTask)} | ${thousands(summary.toolDefinitionTokens)} | ${summary.loadToolsCalls} | ${summary.repairedCalls} | ${summary.unknownNameErrors} | ${summary.capabilityClaims} |`,
    ),
    '',
    '## Completed per scenario',
    '',
    `| scenario | ${models(report)
      .map((model) => `${model} ON | ${model} OFF`)
      .join(' | ')} |`,
    `|---|${models(report)
      .map(() => '---|---|')
      .join('')}`,
    ...[...new Set(report.rates.map((rate) => rate.scenarioId))].map(
      (scenarioId) =>
        `| ${scenarioId} | ${models(report)
          .flatMap((model) =>
            (['on', 'off'] as const).map((mode) => {
              const rate = report.rates.find(
                (candidate) =>
                  candidate.scenarioId === scenarioId &&
                  candidate.model === model &&
                  candidate.mode === mode,
              );
              return rate === undefined
                ? '–'
                : `${rate.completed}/${rate.runs}`;
            }),
          )
          .join(' | ')} |`,
    ),
    '',
    '## Runs',
    '',
    '| model | scenario | mode | # | done | steps | requests | input tokens | tool-definition tokens | loadTools | repaired | unknown names | claims "can\'t" |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...report.results.map((result) => {
      const figures = result.figures;
      return `| ${result.model} | ${result.scenarioId} | ${result.mode.toUpperCase()} | ${result.repetition} | ${result.check.passed ? 'yes' : '**no**'} | ${figures.steps} | ${figures.modelRequests} | ${thousands(figures.inputTokens)} | ${thousands(figures.toolDefinitionTokens)} | ${figures.loadToolsCalls} | ${figures.repairedCalls} | ${figures.unknownNameErrors} | ${figures.claimsMissingCapability ? 'yes' : 'no'} |`;
    }),
  ];
  const failures = report.results.filter((result) => !result.check.passed);
  if (failures.length > 0) {
    lines.push('', '## Failed runs', '');
    for (const failure of failures) {
      lines.push(
        `- ${failure.model} / ${failure.scenarioId} / ${failure.mode.toUpperCase()} #${failure.repetition}: ${failure.error ?? failure.check.detail}`,
      );
    }
  }
  lines.push(
    '',
    '## Scenarios',
    '',
    ...report.scenarios.map(
      (scenario) => `- \`${scenario.id}\`: ${scenario.title}`,
    ),
  );
  if (report.personas.length > 0) {
    lines.push(
      '',
      '## Scripted personas',
      '',
      ...report.personas.map(
        (persona) => `- \`${persona.id}\`: ${persona.description}`,
      ),
    );
  }
  if (report.hostLog.length > 0)
    lines.push(
      '',
      '## Host warnings',
      '',
      ...report.hostLog.map((line) => `- ${line}`),
    );
  return `${lines.join('\n')}\n`;
}
