/**
 * `npm run test:docmost [-- <jest arguments>]`: prepares Docmost with the README's mount
 * (prepare-docmost.ts), runs the checks (jest.docmost.config.js), and writes the report
 * (docs/docmost-outside-checks.md). Exits non-zero when the preparation or a check fails.
 *
 * When the run includes client-switch.spec.ts, Docmost's client is prepared beside the rest
 * (client-build.ts): its install from the start, beside the server's, and its build as soon as
 * this checkout's pack is made, beside Docmost's server builds and then the first checks; the
 * spec finds it built (or waits for it on the cache's lock). A failure there is said here and
 * met again by the spec, which names it.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareClient, prepareClientInstall } from './client-build';
import { DOCMOST_FIGURES, DOCMOST_PREPARED } from './docmost-checks';
import { writeReport, type JestResults } from './docmost-report';
import {
  CHECKOUT_ROOT,
  prepareDocmost,
  sourceInCache,
  type PreparedDocmost,
} from './prepare-docmost';
import { DOCMOST_CHECK_ADAPTATIONS, say } from './run-step';

const REPORT = join(CHECKOUT_ROOT, 'docs', 'docmost-outside-checks.md');

/**
 * Whether jest's arguments leave client-switch.spec.ts in: none (every check), or one naming
 * it. Other arguments (another spec, a pattern) leave the client to the spec, if it runs.
 */
function includesClientSwitch(jestArguments: readonly string[]): boolean {
  const paths = jestArguments.filter((argument) => !argument.startsWith('-'));
  return (
    paths.length === 0 || paths.some((path) => path.includes('client-switch'))
  );
}

/**
 * Docmost's client prepared beside the server's preparation: its install now, its build once
 * this checkout is packed. Resolves when done or failed (said, never thrown: the spec meets it).
 */
function prepareClientBeside(): {
  whenPacked: Parameters<typeof prepareDocmost>[0];
  done: () => Promise<void>;
} {
  const reported = new Set<unknown>();
  const settled = (work: Promise<unknown>) =>
    work.then(
      () => undefined,
      (error: unknown) => {
        if (reported.has(error)) return;
        reported.add(error);
        say(
          `Docmost's client, prepared beside the server, failed (client-switch.spec.ts will say why): ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
        );
      },
    );
  const inCache = sourceInCache();
  const installing = prepareClientInstall(inCache);
  let building = settled(installing);
  return {
    whenPacked: (packed) => {
      building = settled(
        installing.then(() =>
          prepareClient({
            ...inCache,
            packageDirectory: packed.packageDirectory,
          }),
        ),
      );
    },
    done: () => building,
  };
}

async function main(): Promise<number> {
  const startedAt = new Date();
  const jestArguments = process.argv.slice(2);
  const command = [
    'npm run test:docmost',
    ...(jestArguments.length > 0 ? ['--', ...jestArguments] : []),
  ].join(' ');
  const scratch = mkdtempSync(join(tmpdir(), 'docmost-checks-'));
  const seconds = () => (Date.now() - startedAt.getTime()) / 1000;
  let client: ReturnType<typeof prepareClientBeside> | undefined;
  let prepared: PreparedDocmost;
  try {
    // Inside: a missing source is a preparation error, in the report like the others.
    client = includesClientSwitch(jestArguments)
      ? prepareClientBeside()
      : undefined;
    prepared = await prepareDocmost(client?.whenPacked);
  } catch (error) {
    await client?.done();
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
  await client?.done();
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
