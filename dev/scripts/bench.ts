/**
 * `npm run bench [-- --json]`: tool-definition tokens, registry build time, the comment signal's
 * cost per tool call, the count query with and without its index, and heap per signal session,
 * on a bench database created next to the configured one and dropped afterwards. Readable
 * figures on stdout; with --json the last line is one JSON object of the figures.
 *
 * `npm run bench -- --pages N --comments M [--json]`: the large-workspace run (see BENCHMARKS.md):
 * builds or reuses `ai_tools_bench_large`, measures, and rewrites BENCHMARKS.md's large-run
 * section and its chart. `--drop-large` drops that database.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import 'reflect-metadata';
import { benchFiguresJson, runBench } from '../bench/run-bench';
import { openBenchCluster } from '../bench/bench-database';
import { renderLargeBenchChart } from '../bench/large-bench-chart';
import {
  dropLargeWorkspace,
  LARGE_BENCH_DATABASE_NAME,
  type LargeVolume,
} from '../bench/large-workspace';
import { renderBench } from '../bench/render-bench';
import {
  LARGE_RUN_CHART,
  renderLargeBench,
  withLargeRunSection,
} from '../bench/render-large-bench';
import { largeBenchFiguresJson, runLargeBench } from '../bench/run-large-bench';
import { measureTurnStats } from '../bench/turn-stats-figures';
import { loadAppConfig } from '../../host/config/app-config';
import { runCommand } from '../../host/startup/run-command';

interface BenchArguments {
  readonly json: boolean;
  readonly dropLarge: boolean;
  /** Present for the large run. */
  readonly large?: LargeVolume;
  /** Present for the turn-figures run: recorded turns in the table. */
  readonly turnStats?: number;
}

const USAGE =
  'usage: npm run bench -- [--json] | [--pages N --comments M] [--json] | --drop-large | --turn-stats N';

/** `--pages 100000`: a whole number within [min, max], underscores and commas allowed. */
function count(
  name: string,
  raw: string | undefined,
  min: number,
  max: number,
): number {
  const value =
    raw === undefined ? Number.NaN : Number(raw.replace(/[_,]/g, ''));
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(
      `${name} needs a whole number from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}, got ${raw === undefined ? 'nothing' : `"${raw}"`}; ${USAGE}`,
    );
  }
  return value;
}

function parseArguments(argv: readonly string[]): BenchArguments {
  const values = new Map<string, string | undefined>();
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]!;
    if (argument === '--json' || argument === '--drop-large')
      values.set(argument, '');
    else if (
      argument === '--pages' ||
      argument === '--comments' ||
      argument === '--turn-stats'
    )
      values.set(argument, argv[++index]);
    else throw new Error(`unknown argument "${argument}"; ${USAGE}`);
  }
  const json = values.has('--json');
  const dropLarge = values.has('--drop-large');
  if (values.has('--turn-stats')) {
    if (values.size > 1)
      throw new Error(`--turn-stats takes no other option; ${USAGE}`);
    return {
      json,
      dropLarge,
      turnStats: count(
        '--turn-stats',
        values.get('--turn-stats'),
        1_000,
        100_000_000,
      ),
    };
  }
  const sized = values.has('--pages') || values.has('--comments');
  if (dropLarge && (sized || json))
    throw new Error(`--drop-large takes no other option; ${USAGE}`);
  if (!sized) return { json, dropLarge };
  if (!values.has('--pages') || !values.has('--comments'))
    throw new Error(
      `the large run needs both --pages and --comments; ${USAGE}`,
    );
  // 1 000 pages at least: the working sets are the 50 busiest pages, and only a tenth of the pages have comments.
  const large = {
    pages: count('--pages', values.get('--pages'), 1_000, 10_000_000),
    comments: count('--comments', values.get('--comments'), 1_000, 100_000_000),
  };
  return { json, dropLarge, large };
}

async function main(): Promise<number> {
  const options = parseArguments(process.argv.slice(2));
  const cluster = await openBenchCluster(loadAppConfig());
  const log = (line: string) => process.stderr.write(`bench: ${line}\n`);
  try {
    if (options.turnStats !== undefined) {
      const figures = await measureTurnStats({
        cluster,
        turns: options.turnStats,
        log,
      });
      process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
    } else if (options.dropLarge) {
      await dropLargeWorkspace(cluster);
      log(`dropped ${LARGE_BENCH_DATABASE_NAME} (if it existed)`);
    } else if (options.large !== undefined) {
      const figures = await runLargeBench({
        cluster,
        volume: options.large,
        log,
      });
      process.stdout.write(renderLargeBench(figures));
      writeFileSync(
        'BENCHMARKS.md',
        withLargeRunSection(readFileSync('BENCHMARKS.md', 'utf8'), figures),
      );
      mkdirSync(dirname(LARGE_RUN_CHART), { recursive: true });
      writeFileSync(LARGE_RUN_CHART, renderLargeBenchChart(figures));
      log(`wrote BENCHMARKS.md (large-run section) and ${LARGE_RUN_CHART}`);
      if (options.json)
        process.stdout.write(`${largeBenchFiguresJson(figures)}\n`);
    } else {
      const figures = await runBench({ cluster, log });
      process.stdout.write(renderBench(figures));
      if (options.json) process.stdout.write(`${benchFiguresJson(figures)}\n`);
    }
  } finally {
    await cluster.stop();
  }
  return 0;
}

runCommand(main);
