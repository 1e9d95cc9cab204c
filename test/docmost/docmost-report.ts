import { writeFileSync } from 'node:fs';
import type { PreparedDocmost } from './prepare-docmost';

/** What jest's `--json` output holds, as far as the report reads it. */
export interface JestResults {
  readonly numPassedTests: number;
  readonly numFailedTests: number;
  readonly numTotalTests: number;
  readonly testResults: readonly {
    readonly name: string;
    readonly message: string;
    readonly assertionResults: readonly {
      readonly ancestorTitles: readonly string[];
      readonly title: string;
      readonly status: string;
      readonly duration?: number | null;
      readonly failureMessages: readonly string[];
    }[];
  }[];
}

export interface RunFacts {
  readonly command: string;
  readonly startedAt: Date;
  readonly seconds: number;
  readonly prepared?: PreparedDocmost;
  /** The preparation's failure (the README's mount not compiling, a step failing). */
  readonly preparationError?: string;
  readonly results?: JestResults;
  readonly figures: readonly { name: string; value: string }[];
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
}

/**
 * docs/docmost-outside-checks.md as the report of the run just made: what ran, against which
 * Docmost, each check's outcome, the figures, and what was adapted to this machine.
 */
export function writeReport(file: string, facts: RunFacts): void {
  const { prepared, results } = facts;
  const lines: string[] = [
    '# Checked from outside in a real Docmost',
    '',
    'Written by `npm run test:docmost` (test/docmost/README.md) from the run it reports; do not',
    'edit it by hand. Each check drives a real Docmost server, built from its own sources with',
    "this package installed from `npm pack` and mounted by the README's own code blocks, from",
    "outside as its users do (REST with each person's cookie), against a real PostgreSQL and",
    'redis-server.',
    '',
    '## The run',
    '',
    `- command: \`${facts.command}\``,
    `- started: ${facts.startedAt.toISOString()}, took ${Math.round(facts.seconds)} s`,
  ];
  if (prepared !== undefined) {
    lines.push(
      `- Docmost: ${prepared.version}, commit \`${prepared.commit ?? 'unknown'}\` (from \`${prepared.source.replace(/^.*\/(shared\/)/, '../$1')}\`)`,
      `- Node ${process.version}; Docmost's install ${prepared.preparedInSeconds === undefined ? 'reused from the cache' : `prepared cold in ${prepared.preparedInSeconds} s`}; the mounted server built in ${prepared.mountedInSeconds} s`,
    );
  }
  if (results !== undefined)
    lines.push(
      `- outcome: ${results.numPassedTests} of ${results.numTotalTests} checks passed${results.numFailedTests > 0 ? `, ${results.numFailedTests} failed` : ''}`,
    );
  if (facts.preparationError !== undefined)
    lines.push(
      '',
      '## The preparation failed',
      '',
      '```',
      facts.preparationError,
      '```',
    );
  if (results !== undefined) {
    lines.push('', '## Checks', '');
    for (const file of [...results.testResults].sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const name = file.name.replace(/^.*\/test\/docmost\//, 'test/docmost/');
      lines.push(
        `### ${name}`,
        '',
        '| check | outcome | time |',
        '| --- | --- | --- |',
      );
      for (const test of file.assertionResults) {
        const outcome =
          test.status === 'passed'
            ? 'passed'
            : `**${test.status}**: ${cell(test.failureMessages.join(' ').split('\n')[0] ?? '').slice(0, 300)}`;
        lines.push(
          `| ${cell([...test.ancestorTitles, test.title].join(': '))} | ${outcome} | ${test.duration == null ? '' : `${(test.duration / 1000).toFixed(1)} s`} |`,
        );
      }
      if (file.assertionResults.length === 0 && file.message !== '')
        lines.push(
          `| (the file did not run) | **failed**: ${cell(file.message).slice(0, 300)} | |`,
        );
      lines.push('');
    }
  }
  if (facts.figures.length > 0) {
    lines.push(
      '## Figures',
      '',
      'Printed, never asserted on (the machine is shared).',
      '',
    );
    for (const figure of facts.figures)
      lines.push(`- ${figure.name}: ${figure.value}`);
    lines.push('');
  }
  if (prepared !== undefined) {
    lines.push(
      '## Adapting Docmost to this machine',
      '',
      "What the prepared Docmost needed here that its own image has; none of it is a change to the README's lines.",
      '',
      ...prepared.adaptations.map((line) => `- ${line}`),
      '',
      "## The mount's glue",
      '',
      "The README's code blocks are applied as written (test/docmost/readme-mount.ts); what they leave to the reader was added as follows.",
      '',
      ...prepared.mountGlue.map((line) => `- ${cell(line)}`),
      '',
    );
  }
  writeFileSync(
    file,
    `${lines
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trimEnd()}\n`,
  );
}
