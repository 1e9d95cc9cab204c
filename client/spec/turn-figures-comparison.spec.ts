import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import {
  TURN_FIGURES_QUERY_KEY,
  TurnFigures,
  type TurnFiguresComparison,
  type TurnFiguresSummary,
} from '../index';

/**
 * What `TurnFigures` shows for an answer of `POST /api/ai-tools/stats`, rendered to HTML in Node:
 * the comparison the host set (`stats.hostToolSet`) or the one it falls back to, and the input
 * per turn. The browser spec (test/browser/turn-figures.spec.ts) shows the same on both client
 * stacks against real turns of the reference host, which has no tool set of its own.
 */
function summary(
  comparison: TurnFiguresComparison,
  inputTokensPerTurn: TurnFiguresSummary['windows'][number]['groups'][number]['inputTokensPerTurn'],
): TurnFiguresSummary {
  const group = {
    modelId: 'gpt-4.1',
    deferredTools: true,
    turns: 2,
    steps: 5,
    toolTokensPerStep: { sent: 2230, allActive: 14558 },
    loadToolsTurnShare: 0.5,
    topLoadedTools: [],
    unknownNames: { turnShare: 0, total: 0 },
    recoveredCalls: { turnShare: 0, total: 0 },
    stepLimitTurns: 0,
    signals: { lines: 0, followed: 0, followedShare: null },
    unansweredShare: 0,
    unansweredWithoutLoadsShare: 0,
    providerTokens: { input: 8400, output: 70 },
    inputTokensPerTurn,
  };
  return {
    comparison,
    windows: [7, 30].map((days) => ({
      days,
      turns: 2,
      groups: [group],
      models: [],
    })),
  };
}

/** The block's text as an admin reads it, cells separated by " | ". */
function shown(answer: TurnFiguresSummary): string {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Infinity, retry: false } },
  });
  queryClient.setQueryData(TURN_FIGURES_QUERY_KEY, answer);
  const api = {
    post: () => Promise.reject(new Error('the answer is already there')),
  };
  const html = renderToStaticMarkup(
    createElement(
      MantineProvider,
      null,
      createElement(
        QueryClientProvider,
        { client: queryClient },
        createElement(TurnFigures, { api, canView: true }),
      ),
    ),
  );
  return html
    .replace(/<\/t[dh]>/g, ' | ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
}

it("compares with the host's own tool set by its name when the host gives it", () => {
  const text = shown(
    summary(
      {
        against: 'hostToolSet',
        name: "Docmost's own tools",
        tokensPerRequest: 5946,
      },
      { turns: 2, fresh: 1960, cached: 2240 },
    ),
  );
  expect(text).toContain(' 2,230 of 5,946 | 1,960 | 2,240 | ');
  expect(text).toContain(
    "Tool tokens per request are compared with Docmost's own tools: 5,946 on every request.",
  );
});

it('compares with all tools active otherwise, and shows a dash where no turn reported cached input', () => {
  const text = shown(
    summary({ against: 'allActive' }, { turns: 0, fresh: null, cached: null }),
  );
  expect(text).toContain(' 2,230 of 14,558 | – | – | ');
  expect(text).toContain(
    'Tool tokens per request are compared with all tools sent on every request (deferred tools off).',
  );
});
