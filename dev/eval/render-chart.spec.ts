import type { ModeSummary } from './eval-summary';
import { renderChart } from './render-chart';

const summary = (
  mode: 'on' | 'off',
  completed: number,
  tokensPerCompletedTask: number | null,
): ModeSummary => ({
  model: 'loader <&>',
  mode,
  runs: 4,
  completed,
  errored: 0,
  modelRequests: 0,
  inputTokens: 0,
  erroredInputTokens: 0,
  toolDefinitionTokens: 0,
  tokensPerCompletedTask,
  extraRoundTrips: 0,
  loadToolsCalls: 0,
  repairedCalls: 0,
  unknownNameErrors: 0,
  capabilityClaims: 0,
});

describe('renderChart', () => {
  const svg = renderChart(
    [summary('on', 4, 1_000), summary('off', 2, 4_000)],
    'scripted personas',
  );
  const widths = [
    ...svg.matchAll(/<rect x="\d+" y="\d+" width="(\d+)" height="16"/g),
  ].map((match) => Number(match[1]));

  it('draws completed tasks against the runs and tokens against the largest value, ON then OFF', () => {
    expect(widths).toEqual([310, 155, 78, 310]);
    expect(svg).toContain('>4/4<');
    expect(svg).toContain('>2/4<');
    expect(svg).toContain('>4,000<');
  });

  it('escapes names and says when nothing completed', () => {
    expect(svg).toContain('loader &lt;&amp;&gt;');
    expect(renderChart([summary('on', 0, null)], '')).toContain(
      'none completed',
    );
  });
});
