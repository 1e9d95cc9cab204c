/**
 * `npm run bench [-- --json]`: tool-definition tokens, registry build time, the comment signal's
 * cost per tool call, the count query with and without its index, and heap per signal session,
 * on a bench database created next to the configured one and dropped afterwards. Readable
 * figures on stdout; with --json the last line is one JSON object of the figures.
 */
import 'reflect-metadata';
import { benchFiguresJson, runBench } from '../src/bench/run-bench';
import { openBenchCluster } from '../src/bench/bench-database';
import { renderBench } from '../src/bench/render-bench';
import { loadAppConfig } from '../src/config/app-config';
import { fatalErrorLine } from '../src/host/startup/fatal-error-line';

function parseArguments(argv: readonly string[]): { json: boolean } {
  const unknown = argv.filter((argument) => argument !== '--json');
  if (unknown.length > 0) throw new Error(`unknown argument ${unknown.map((argument) => `"${argument}"`).join(', ')}; the only option is --json`);
  return { json: argv.includes('--json') };
}

async function main(): Promise<void> {
  const { json } = parseArguments(process.argv.slice(2));
  const cluster = await openBenchCluster(loadAppConfig());
  try {
    const figures = await runBench({ cluster, log: (line) => process.stderr.write(`bench: ${line}\n`) });
    process.stdout.write(renderBench(figures));
    if (json) process.stdout.write(`${benchFiguresJson(figures)}\n`);
  } finally {
    await cluster.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${fatalErrorLine(error)}\n`);
  process.exit(1);
});
