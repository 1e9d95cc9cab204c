import { renderRecordedFigures } from './recorded-figures';
import type {
  DemoReport,
  StepReport,
  TurnReport,
  TurnTokens,
} from './turn-report';
import {
  DOCMOST_TOOL_TOKENS,
  DOCMOST_TOOL_TOKENS_SOURCE,
  DOCMOST_TOOLS_TOTAL_TOKENS,
} from '../bench/docmost-tool-tokens';

export interface RenderTranscriptOptions {
  /** Longest tool result shown, in characters; the rest is cut with its full length noted. Default 160. */
  readonly maxResultChars?: number;
  /** Longest tool input shown, in characters. Default 140. */
  readonly maxInputChars?: number;
}

const RULE = '─'.repeat(78);

function number(value: number): string {
  return value.toLocaleString('en-US');
}

/** Cuts a text to `limit` characters on one line, noting the full length when cut. */
export function abbreviate(text: string, limit: number): string {
  const oneLine = text.replace(/\s*\n\s*/g, ' ⏎ ');
  return oneLine.length <= limit
    ? oneLine
    : `${oneLine.slice(0, limit - 1)}… (${number(text.length)} chars)`;
}

function header(report: DemoReport): string[] {
  const unbound =
    report.unboundToolNames.length === 0
      ? ''
      : ` (${report.unboundToolNames.length} more have no executor yet: ${report.unboundToolNames.join(', ')})`;
  return [
    'docmost-ai-tools demo',
    RULE,
    'SCRIPTED AGENT: the "model" in these turns is a MockLanguageModelV3 (ai/test) playing a fixed script,',
    'standing in for a real model. Each reply is decided from what the step was sent (its active tools, the',
    'system prompt, the tool results so far). Everything else is real: POST /api/ai/chat, the chat loop,',
    'deferred tools, the comment signal, the tool executors and PostgreSQL.',
    `Database: ${report.database}`,
    `Tool tokens: gpt-tokenizer ${report.encoding}, over the tools array as an OpenAI-compatible chat-completions`,
    'request carries it; "catalog" is the <tool_catalog> block of the system prompt, the price of deferring.',
    `Bound tools: ${report.boundToolCount}${unbound}; all of them active = ${number(report.allActiveToolTokens)} tokens per request.`,
    `Docmost's own ${DOCMOST_TOOL_TOKENS.length} tools, all active = ${number(DOCMOST_TOOLS_TOTAL_TOKENS)} tokens per request (${DOCMOST_TOOL_TOKENS_SOURCE}).`,
    `Comment signal: debounce ${number(report.commentSignalDebounceMs)} ms${report.commentSignalDebounceMs === 0 ? ' (AI_COMMENT_SIGNAL_DEBOUNCE_MS=0 for the demo: a count on every tool call)' : ''}.`,
    ...report.notes.map((note) => `Note: ${note}`),
  ];
}

function stepHeadline(step: StepReport, allActiveToolTokens: number): string {
  const sent = step.toolTokens + step.catalogTokens;
  const tokens =
    step.catalogTokens > 0
      ? `tools ${number(step.toolTokens)} + catalog ${number(step.catalogTokens)} = ${number(sent)} tokens`
      : `tools ${number(step.toolTokens)} tokens`;
  const lockdown =
    step.toolChoice === 'none' ? ' · final step, tools locked' : '';
  return `step ${step.stepNumber} · ${step.activeToolNames.length} tools active · ${tokens} (all active: ${number(allActiveToolTokens)}; Docmost's own: ${number(DOCMOST_TOOLS_TOTAL_TOKENS)})${lockdown}`;
}

function renderStep(
  step: StepReport,
  allActiveToolTokens: number,
  options: Required<RenderTranscriptOptions>,
): string[] {
  const lines = [stepHeadline(step, allActiveToolTokens)];
  if (step.newlyActiveToolNames.length > 0) {
    const before =
      step.activeToolNames.length - step.newlyActiveToolNames.length;
    lines.push(
      `  ⇡ ${before} → ${step.activeToolNames.length} tools: ${step.newlyActiveToolNames.join(', ')} now active (loaded by loadTools on the step before)`,
    );
  }
  for (const event of step.events) lines.push(`  ✎ meanwhile: ${event}`);
  for (const call of step.toolCalls) {
    lines.push(
      `  → ${call.toolName} ${abbreviate(JSON.stringify(call.input), options.maxInputChars)}`,
    );
    if (call.result === undefined) {
      lines.push('  ← (no result: the turn ended)');
      continue;
    }
    lines.push(
      `  ${call.result.isError ? '✗' : '←'} ${abbreviate(call.result.text, options.maxResultChars)}`,
    );
    for (const signal of call.result.signals) lines.push(`  ⚑ ${signal}`);
  }
  if (step.text !== undefined) lines.push(`  agent: ${step.text}`);
  return lines;
}

function tokenLine(label: string, tokens: TurnTokens): string {
  return (
    `${label}: sent ${number(tokens.deferredTokens)} (tools ${number(tokens.toolTokens)} + catalog ${number(tokens.catalogTokens)}), ` +
    `${tokens.shareOfDocmostPercent.toFixed(1)}% of Docmost's own ${number(tokens.docmostTokens)}; ` +
    `vs the package all active ${number(tokens.allActiveTokens)} → ${tokens.savingPercent.toFixed(1)}% fewer`
  );
}

function renderTurn(
  turn: TurnReport,
  index: number,
  count: number,
  report: DemoReport,
  options: Required<RenderTranscriptOptions>,
): string[] {
  return [
    '',
    `Turn ${index + 1}/${count} · ${turn.title}`,
    RULE,
    `user ${turn.userEmail}, on "${turn.pageTitle}": ${turn.message}`,
    ...turn.steps.flatMap((step) =>
      renderStep(step, report.allActiveToolTokens, options),
    ),
    ...renderEditorView(turn, options),
    tokenLine('tool tokens this turn', turn.tokens),
  ];
}

function renderEditorView(
  turn: TurnReport,
  options: Required<RenderTranscriptOptions>,
): string[] {
  const view = turn.editorView;
  if (view === undefined) return [];
  const title = `  ◉ the page as ${view.userEmail}'s open editor has it (a live collaboration client on /collab)`;
  if (view.removed.length === 0 && view.added.length === 0)
    return [`${title}: unchanged`];
  return [
    `${title}:`,
    ...view.removed.map(
      (line) => `      − ${abbreviate(line, options.maxResultChars)}`,
    ),
    ...view.added.map(
      (line) => `      + ${abbreviate(line, options.maxResultChars)}`,
    ),
  ];
}

function summaryTable(report: DemoReport): string[] {
  const rows = report.turns.map((turn) => [
    turn.title,
    String(turn.steps.length),
    number(turn.tokens.deferredTokens),
    number(turn.tokens.docmostTokens),
    `${turn.tokens.shareOfDocmostPercent.toFixed(1)}%`,
    number(turn.tokens.allActiveTokens),
    `${turn.tokens.savingPercent.toFixed(1)}%`,
  ]);
  const steps = report.turns.reduce((sum, turn) => sum + turn.steps.length, 0);
  rows.push([
    'all turns',
    String(steps),
    number(report.totals.deferredTokens),
    number(report.totals.docmostTokens),
    `${report.totals.shareOfDocmostPercent.toFixed(1)}%`,
    number(report.totals.allActiveTokens),
    `${report.totals.savingPercent.toFixed(1)}%`,
  ]);
  const head = [
    'turn',
    'steps',
    'sent (tools + catalog)',
    "Docmost's own",
    'of Docmost',
    'package all active',
    'saved',
  ];
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
      .join('  ');
  return [
    '',
    "Summary (tool-definition tokens per turn: deferred, vs Docmost's own tools, vs every bound tool active)",
    RULE,
    format(head),
    ...rows.map(format),
  ];
}

/** The readable transcript of a demo run: per turn, per step, with tool tokens and a summary. */
export function renderTranscript(
  report: DemoReport,
  options: RenderTranscriptOptions = {},
): string {
  const resolved: Required<RenderTranscriptOptions> = {
    maxResultChars: options.maxResultChars ?? 160,
    maxInputChars: options.maxInputChars ?? 140,
  };
  const lines = [
    ...header(report),
    ...report.turns.flatMap((turn, index) =>
      renderTurn(turn, index, report.turns.length, report, resolved),
    ),
    ...summaryTable(report),
    ...(report.recorded === undefined
      ? []
      : renderRecordedFigures(
          report.recorded,
          report.turns.map((turn) => turn.title),
          RULE,
        )),
  ];
  return `${lines.join('\n')}\n`;
}
