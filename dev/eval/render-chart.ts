import type { ModeSummary } from './eval-summary';

const ON_COLOUR = '#2f6fb0';
const OFF_COLOUR = '#c8793a';

function escapeXml(text: string): string {
  return text.replace(
    /[&<>"]/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[character]!,
  );
}

interface Panel {
  readonly title: string;
  readonly value: (summary: ModeSummary) => number;
  readonly label: (summary: ModeSummary) => string;
  readonly maximum: number;
}

const PANEL_WIDTH = 420;
const ROW_HEIGHT = 46;
const LABEL_WIDTH = 120;
const BAR_HEIGHT = 16;

/**
 * The report's chart: per model, completed tasks and input tokens per completed task, deferred
 * tools ON (blue) next to OFF (orange), as horizontal bars in two panels. Plain SVG, no script.
 */
export function renderChart(
  summaries: readonly ModeSummary[],
  subtitle: string,
): string {
  const models = [...new Set(summaries.map((summary) => summary.model))];
  const find = (model: string, mode: 'on' | 'off') =>
    summaries.find(
      (summary) => summary.model === model && summary.mode === mode,
    );
  const panels: Panel[] = [
    {
      title: 'Tasks completed',
      value: (summary) => summary.completed,
      label: (summary) => `${summary.completed}/${summary.runs}`,
      maximum: Math.max(1, ...summaries.map((summary) => summary.runs)),
    },
    {
      title: 'Input tokens per completed task',
      value: (summary) => summary.tokensPerCompletedTask ?? 0,
      label: (summary) =>
        summary.tokensPerCompletedTask === null
          ? 'none completed'
          : summary.tokensPerCompletedTask.toLocaleString('en-US'),
      maximum: Math.max(
        1,
        ...summaries.map((summary) => summary.tokensPerCompletedTask ?? 0),
      ),
    },
  ];
  const top = 70;
  const height = top + models.length * ROW_HEIGHT + 30;
  const width = LABEL_WIDTH + panels.length * PANEL_WIDTH + 20;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="10" y="20" font-size="15" font-weight="bold">Deferred tools ON vs OFF</text>`,
    `<text x="10" y="38" fill="#555">${escapeXml(subtitle)}</text>`,
    `<rect x="${width - 190}" y="10" width="12" height="12" fill="${ON_COLOUR}"/><text x="${width - 173}" y="20">ON</text>`,
    `<rect x="${width - 130}" y="10" width="12" height="12" fill="${OFF_COLOUR}"/><text x="${width - 113}" y="20">OFF</text>`,
  ];
  panels.forEach((panel, panelIndex) => {
    const left = LABEL_WIDTH + panelIndex * PANEL_WIDTH;
    const barSpace = PANEL_WIDTH - 110;
    parts.push(
      `<text x="${left}" y="${top - 12}" font-weight="bold">${escapeXml(panel.title)}</text>`,
    );
    models.forEach((model, modelIndex) => {
      const y = top + modelIndex * ROW_HEIGHT;
      if (panelIndex === 0)
        parts.push(
          `<text x="10" y="${y + BAR_HEIGHT + 4}">${escapeXml(model)}</text>`,
        );
      (['on', 'off'] as const).forEach((mode, modeIndex) => {
        const summary = find(model, mode);
        if (summary === undefined) return;
        const barY = y + modeIndex * (BAR_HEIGHT + 2);
        const barWidth = Math.round(
          (panel.value(summary) / panel.maximum) * barSpace,
        );
        parts.push(
          `<rect x="${left}" y="${barY}" width="${barWidth}" height="${BAR_HEIGHT}" fill="${mode === 'on' ? ON_COLOUR : OFF_COLOUR}"/>`,
          `<text x="${left + barWidth + 4}" y="${barY + BAR_HEIGHT - 4}">${escapeXml(panel.label(summary))}</text>`,
        );
      });
    });
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}
