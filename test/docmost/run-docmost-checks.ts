/**
 * `npm run test:docmost [-- <jest arguments>]`: prepares Docmost with the README's mount
 * (prepare-docmost.ts), runs the checks (jest.docmost.config.js), and writes the report
 * (docs/docmost-outside-checks.md). Exits non-zero when the preparation or a check fails.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOCMOST_FIGURES, DOCMOST_PREPARED } from './docmost-checks';
import { writeReport, type JestResults } from './docmost-report';
import {
  CHECKOUT_ROOT,
  prepareDocmost,
  type PreparedDocmost,
} from './prepare-docmost';
import { DOCMOST_CHECK_ADAPTATIONS, say } from './run-step';

const REPORT = join(CHECKOUT_ROOT, 'docs', 'docmost-outside-checks.md');

async function main(): Promise<number> {
  const startedAt = new Date();
  const jestArguments = process.argv.slice(2);
  const command = [
    'npm run test:docmost',
    ...(jestArguments.length > 0 ? ['--', ...jestArguments] : []),
  ].join(' ');
  const scratch = mkdtempSync(join(tmpdir(), 'docmost-checks-'));
  const seconds = () => (Date.now() - startedAt.getTime()) / 1000;
  let prepared: PreparedDocmost;
  try {
    prepared = await prepareDocmost();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    say(message);
    writeReport(REPORT, {
      command,
      startedAt,
      seconds: seconds(),
      preparationError: message,
      figures: [],
    });
    say(`report: ${REPORT}`);
    return 1;
  }
  const preparedFile = join(scratch, 'prepared.json');
  writeFileSync(preparedFile, JSON.stringify(prepared));
  const figuresFile = join(scratch, 'figures.jsonl');
  const resultsFile = join(scratch, 'results.json');
  const adaptationsFile = join(scratch, 'adaptations.txt');
  const status = await new Promise<number | null>((resolve, reject) => {
    const jest = spawn(
      process.execPath,
      [
        require.resolve('jest/bin/jest'),
        '--config',
        join(CHECKOUT_ROOT, 'jest.docmost.config.js'),
        '--json',
        '--outputFile',
        resultsFile,
        ...jestArguments,
      ],
      {
        cwd: CHECKOUT_ROOT,
        stdio: 'inherit',
        env: {
          ...process.env,
          [DOCMOST_PREPARED]: preparedFile,
          [DOCMOST_FIGURES]: figuresFile,
          [DOCMOST_CHECK_ADAPTATIONS]: adaptationsFile,
        },
      },
    );
    jest.once('error', reject);
    jest.once('exit', resolve);
  });
  const results = existsSync(resultsFile)
    ? (JSON.parse(readFileSync(resultsFile, 'utf8')) as JestResults)
    : undefined;
  const figures = existsSync(figuresFile)
    ? readFileSync(figuresFile, 'utf8')
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as { name: string; value: string })
    : [];
  const checkAdaptations = existsSync(adaptationsFile)
    ? readFileSync(adaptationsFile, 'utf8')
        .split('\n')
        .filter((line) => line !== '')
    : [];
  writeReport(REPORT, {
    command,
    startedAt,
    seconds: seconds(),
    prepared: {
      ...prepared,
      adaptations: [...prepared.adaptations, ...checkAdaptations],
    },
    results,
    figures,
  });
  say(`the Docmost part took ${Math.round(seconds())} s; report: ${REPORT}`);
  return status ?? 1;
}

main().then(
  (status) => {
    process.exitCode = status;
  },
  (error: unknown) => {
    say(
      error instanceof Error ? (error.stack ?? error.message) : String(error),
    );
    process.exitCode = 1;
  },
);
