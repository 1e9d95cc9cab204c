import type { LoggerService } from '@nestjs/common';
import { loadAppConfig } from '../../host/config/app-config';
import type { DatabaseDriver } from '../../src/database';
import { prepareEvalDatabases } from './eval-databases';
import { EvalModelServer, type RecordedRequest } from './eval-model-server';
import {
  scenarioRates,
  summarize,
  type ModeSummary,
  type ScenarioRate,
} from './eval-summary';
import {
  IssueTrackerMcpServer,
  TRACKER_PREFIX,
  TRACKER_SERVER_NAME,
} from './issue-tracker-mcp-server';
import { FULL_MODULE, type ModuleVariation } from './module-variation';
import type { Persona } from './personas';
import { runScenario, type DeferredMode, type RunResult } from './run-scenario';
import type { Scenario } from './scenario';

/** A real OpenAI-compatible model. */
export interface RealModel {
  readonly baseUrl: string;
  readonly apiKey?: string;
  readonly model: string;
}

export interface RunEvalOptions {
  /** A PostgreSQL URL whose user may create databases (the eval's template and one clone per run). */
  readonly adminUrl: string;
  /** An already migrated database to build the template from (tests pass theirs); default: migrate here. */
  readonly migratedTemplate?: string;
  /** The driver the host's database is served through; default pg. */
  readonly driver?: DatabaseDriver;
  readonly scenarios: readonly Scenario[];
  /** The scripted personas to run; ignored when `realModel` is given. */
  readonly personas: readonly Persona[];
  readonly realModel?: RealModel;
  /** Runs of each scenario per mode and model; default 1. */
  readonly repeat?: number;
  /** Default: the whole module. */
  readonly variation?: ModuleVariation;
  /** The toggle's modes to run; default both, ON then OFF. */
  readonly modes?: readonly DeferredMode[];
  /** `AI_MAX_STEPS` of the host; default 20, as the host's own default. */
  readonly maxSteps?: number;
  /** Called after each turn of a run with the requests the model endpoint received in it. */
  readonly onTurnRequests?: (
    run: Pick<RunResult, 'scenarioId' | 'mode' | 'model' | 'repetition'>,
    requests: readonly RecordedRequest[],
  ) => void;
  /** Called after every run, for progress output. */
  readonly onResult?: (
    result: RunResult,
    progress: { readonly done: number; readonly total: number },
  ) => void;
}

export interface EvalReport {
  /** `scripted`: the personas stood in for a model; `model`: a real endpoint answered. */
  readonly kind: 'scripted' | 'model';
  readonly startedAt: string;
  readonly durationSeconds: number;
  readonly repeat: number;
  readonly variation: ModuleVariation;
  readonly scenarios: readonly {
    readonly id: string;
    readonly title: string;
  }[];
  readonly personas: readonly {
    readonly id: string;
    readonly description: string;
  }[];
  readonly results: readonly RunResult[];
  readonly summaries: readonly ModeSummary[];
  /** Completed/runs per scenario, model and mode. */
  readonly rates: readonly ScenarioRate[];
  /** Warnings and errors the host logged during the runs. */
  readonly hostLog: readonly string[];
}

const BOTH_MODES: readonly DeferredMode[] = ['on', 'off'];

/** Keeps the host's warnings and errors for the report instead of printing them between progress lines. */
class CollectingLogger implements LoggerService {
  readonly lines: string[] = [];
  log(): void {}
  warn(message: unknown, context?: unknown): void {
    // The registry's build report is the same every boot; the chat's tool errors are in the figures.
    if (context !== 'AiTools' && context !== 'Chat')
      this.lines.push(`warn ${String(context ?? '')}: ${String(message)}`);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.lines.push(`error ${String(rest.at(-1) ?? '')}: ${String(message)}`);
  }
}

/**
 * The agent-outcome suite: every scenario in both modes of the workspace toggle, for every
 * persona (or the real model), each run on its own clone of one seeded template, through the
 * reference host's real chat route. Results come in the order they ran.
 */
export async function runEval(options: RunEvalOptions): Promise<EvalReport> {
  const started = Date.now();
  const repeat = options.repeat ?? 1;
  const variation = options.variation ?? FULL_MODULE;
  const real = options.realModel;
  const modes = options.modes ?? BOTH_MODES;
  const models: readonly (Persona | undefined)[] =
    real === undefined ? options.personas : [undefined];
  const tracker = await IssueTrackerMcpServer.start();
  const modelServer = await EvalModelServer.start(
    real === undefined
      ? undefined
      : { baseUrl: real.baseUrl, apiKey: real.apiKey },
  );
  const logger = new CollectingLogger();
  const results: RunResult[] = [];
  try {
    const databases = await prepareEvalDatabases({
      adminUrl: options.adminUrl,
      migratedTemplate: options.migratedTemplate,
      driver: options.driver,
    });
    try {
      const config = loadAppConfig({
        AI_BASE_URL: modelServer.baseUrl,
        AI_MODEL: real?.model ?? 'scripted-persona',
        AI_MAX_STEPS: String(options.maxSteps ?? 20),
        // The comment signal counts on every tool call, so a mid-turn comment shows up on the next result.
        AI_COMMENT_SIGNAL_DEBOUNCE_MS: '0',
        AI_EXTERNAL_MCP: JSON.stringify([
          {
            name: TRACKER_SERVER_NAME,
            url: tracker.url,
            prefix: TRACKER_PREFIX,
          },
        ]),
      });
      const total =
        models.length * options.scenarios.length * modes.length * repeat;
      for (const persona of models) {
        for (const scenario of options.scenarios) {
          for (let repetition = 1; repetition <= repeat; repetition++) {
            for (const mode of modes) {
              const result = await runScenario({
                scenario,
                mode,
                persona,
                modelName: persona?.id ?? real!.model,
                repetition,
                databases,
                modelServer,
                tracker,
                config,
                variation,
                logger,
                onTurnRequests: (requests) =>
                  options.onTurnRequests?.(
                    {
                      scenarioId: scenario.id,
                      mode,
                      model: persona?.id ?? real!.model,
                      repetition,
                    },
                    requests,
                  ),
              });
              results.push(result);
              options.onResult?.(result, { done: results.length, total });
            }
          }
        }
      }
    } finally {
      await databases.close();
    }
  } finally {
    await modelServer.close();
    await tracker.close();
  }
  return {
    kind: real === undefined ? 'scripted' : 'model',
    startedAt: new Date(started).toISOString(),
    durationSeconds: Math.round((Date.now() - started) / 100) / 10,
    repeat,
    variation,
    scenarios: options.scenarios.map((scenario) => ({
      id: scenario.id,
      title: scenario.title,
    })),
    personas:
      real === undefined
        ? options.personas.map((persona) => ({
            id: persona.id,
            description: persona.description,
          }))
        : [],
    results,
    summaries: summarize(results),
    rates: scenarioRates(results),
    hostLog: [...new Set(logger.lines)],
  };
}
