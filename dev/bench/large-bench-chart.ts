import type { LargeBenchFigures } from './run-large-bench';

const WIDTH = 900;
const HEIGHT = 420;
const COUNT_PANEL = { left: 70, top: 50, width: 520, height: 300 };
const TOKEN_PANEL = { left: 680, top: 50, width: 180, height: 300 };
const SERIES = [
  { key: 'module', label: 'module count', color: '#2b6cb0' },
  { key: 'bareStatement', label: 'bare statement', color: '#68d391' },
  { key: 'withoutIndex', label: 'without the index', color: '#ed8936' },
  { key: 'naivePerPage', label: 'naive per-page read', color: '#e53e3e' },
] as const;

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

function text(x: number, y: number, content: string, attributes = ''): string {
  return `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" ${attributes}>${escapeXml(content)}</text>`;
}

/** Milliseconds on a log scale from 0.1 ms to 10 s, so the fast and the naive fit one axis. */
function logY(milliseconds: number): number {
  const low = Math.log10(0.1);
  const high = Math.log10(10_000);
  const value = Math.min(
    high,
    Math.max(low, Math.log10(Math.max(milliseconds, 0.1))),
  );
  return (
    COUNT_PANEL.top + COUNT_PANEL.height * (1 - (value - low) / (high - low))
  );
}

function countPanel(figures: LargeBenchFigures): string[] {
  const parts: string[] = [];
  const { left, top, width, height } = COUNT_PANEL;
  parts.push(
    text(
      left,
      top - 22,
      `Comment count p50 (log scale), ${figures.volume.comments.toLocaleString('en-US')} comments, by working set and watermark`,
      'font-weight="bold"',
    ),
  );
  for (const tick of [0.1, 1, 10, 100, 1_000, 10_000]) {
    const y = logY(tick);
    parts.push(
      `<line x1="${left}" y1="${y.toFixed(1)}" x2="${left + width}" y2="${y.toFixed(1)}" stroke="#e2e8f0"/>`,
    );
    parts.push(
      text(
        left - 8,
        y + 4,
        tick >= 1_000 ? `${tick / 1_000} s` : `${tick} ms`,
        'text-anchor="end"',
      ),
    );
  }
  const cases = figures.count.cases;
  const groupWidth = width / cases.length;
  const barWidth = (groupWidth - 16) / SERIES.length;
  cases.forEach((entry, index) => {
    const groupLeft = left + index * groupWidth + 8;
    SERIES.forEach((series, seriesIndex) => {
      const y = logY(entry[series.key].p50Ms);
      const x = groupLeft + seriesIndex * barWidth;
      parts.push(
        `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${(barWidth - 2).toFixed(1)}" height="${(top + height - y).toFixed(1)}" fill="${series.color}"><title>${escapeXml(`${series.label}: ${entry[series.key].p50Ms} ms`)}</title></rect>`,
      );
    });
    parts.push(
      text(
        groupLeft + (groupWidth - 16) / 2,
        top + height + 16,
        `${entry.workingSetPages} p · ${entry.watermark}`,
        'text-anchor="middle"',
      ),
    );
  });
  SERIES.forEach((series, index) => {
    const x = left + index * 135;
    parts.push(
      `<rect x="${x}" y="${top + height + 34}" width="12" height="12" fill="${series.color}"/>`,
    );
    parts.push(text(x + 16, top + height + 45, series.label));
  });
  return parts;
}

function tokenPanel(figures: LargeBenchFigures): string[] {
  const parts: string[] = [];
  const { left, top, width, height } = TOKEN_PANEL;
  const on = figures.toolTokens.deferredOn.totalTokens;
  const off = figures.toolTokens.deferredOff.totalTokens;
  const scale = height / Math.max(on, off);
  parts.push(
    text(left - 20, top - 22, 'Tool tokens per request', 'font-weight="bold"'),
  );
  for (const [index, [label, value, color]] of (
    [
      ['ON', on, '#2b6cb0'],
      ['OFF', off, '#a0aec0'],
    ] as const
  ).entries()) {
    const x = left + index * (width / 2) + 10;
    const barHeight = value * scale;
    parts.push(
      `<rect x="${x}" y="${(top + height - barHeight).toFixed(1)}" width="${width / 2 - 20}" height="${barHeight.toFixed(1)}" fill="${color}"/>`,
    );
    parts.push(
      text(
        x + (width / 2 - 20) / 2,
        top + height - barHeight - 6,
        value.toLocaleString('en-US'),
        'text-anchor="middle"',
      ),
    );
    parts.push(
      text(
        x + (width / 2 - 20) / 2,
        top + height + 16,
        `deferred ${label}`,
        'text-anchor="middle"',
      ),
    );
  }
  return parts;
}

/** The large run's chart: count latency by working-set size and watermark, and tool tokens with deferred tools ON vs OFF. */
export function renderLargeBenchChart(figures: LargeBenchFigures): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="sans-serif" font-size="12">`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="white"/>`,
    ...countPanel(figures),
    ...tokenPanel(figures),
    text(
      10,
      HEIGHT - 8,
      `npm run bench -- --pages ${figures.volume.pages} --comments ${figures.volume.comments} · ${figures.date.slice(0, 10)} · ${figures.machine.cpus} CPUs`,
      'fill="#718096" font-size="11"',
    ),
    '</svg>',
    '',
  ].join('\n');
}
