import type { LoggerService } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AppConfig } from '../../host/config/app-config';
import { postAsUser, postChatTurn, seedUser } from '../host-chat/host-requests';
import { createApp } from '../../host/create-app';
import type { SeedResult } from '../../host/seed/seed-demo-workspace';
import { viewConversation } from './conversation-view';
import type { EvalDatabases } from './eval-databases';
import { EvalError } from './eval-error';
import type { EvalModelServer, RecordedRequest } from './eval-model-server';
import type { IssueTrackerMcpServer } from './issue-tracker-mcp-server';
import { applyModuleVariation, type ModuleVariation } from './module-variation';
import type { Persona } from './personas';
import {
  addFigures,
  NO_FIGURES,
  turnFigures,
  type RunFigures,
} from './run-figures';
import type { CheckResult, Scenario, ScenarioDatabase } from './scenario';

export type DeferredMode = 'on' | 'off';

/** One scenario, one mode, one model (persona or real), once. */
export interface RunResult {
  readonly scenarioId: string;
  readonly mode: DeferredMode;
  /** The persona id, or the real model's name. */
  readonly model: string;
  readonly repetition: number;
  readonly check: CheckResult;
  readonly figures: RunFigures;
  /** An error of the chat itself (HTTP status, stream error), if one ended the run. */
  readonly error?: string;
}

export interface RunScenarioOptions {
  readonly scenario: Scenario;
  readonly mode: DeferredMode;
  /** Absent: the real endpoint the model server forwards to. */
  readonly persona?: Persona;
  readonly modelName: string;
  readonly repetition: number;
  readonly databases: EvalDatabases;
  readonly modelServer: EvalModelServer;
  readonly tracker: IssueTrackerMcpServer;
  readonly config: AppConfig;
  readonly variation: ModuleVariation;
  readonly logger: LoggerService;
  /** Called after each turn with the requests the model endpoint received in it, in order. */
  readonly onTurnRequests?: (requests: readonly RecordedRequest[]) => void;
}

function userOf(seed: SeedResult, email: string): SeedResult['users'][number] {
  const user = seedUser(seed, email);
  if (user === undefined) throw new EvalError(`the seed has no user ${email}`);
  return user;
}

/**
 * Runs one scenario on a fresh clone of the seeded database: boots the reference host on it,
 * sets the workspace toggle through its settings route, plays the turns through `POST
 * /api/ai/chat` as member@acme.test, then asks the scenario's check about the end state.
 */
export async function runScenario(
  options: RunScenarioOptions,
): Promise<RunResult> {
  const { scenario, mode, persona, databases, modelServer, tracker } = options;
  const seed = databases.seed;
  const agent = userOf(seed, 'member@acme.test');
  const owner = userOf(seed, 'owner@acme.test');
  const human = userOf(seed, 'admin@acme.test');
  const handle = await databases.clone();
  const database: ScenarioDatabase = {
    db: handle.db,
    agentUserId: agent.id,
    humanUserId: human.id,
  };
  const trackerCallsBefore = tracker.calls.length;
  const base = {
    scenarioId: scenario.id,
    mode,
    model: options.modelName,
    repetition: options.repetition,
  };
  let app: NestFastifyApplication | undefined;
  try {
    app = await createApp({
      db: handle.db,
      config: options.config,
      logger: options.logger,
    });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    applyModuleVariation(app, options.variation);
    const toggle = await postAsUser(
      app,
      owner.token,
      '/api/ai-tools/settings/update',
      { deferredTools: mode === 'on' },
    );
    if (toggle.statusCode !== 200)
      throw new EvalError(
        `setting deferredTools ${mode} failed: ${toggle.statusCode} ${toggle.body}`,
      );

    const turns: RunFigures[] = [];
    let chatId: string | undefined;
    let error: string | undefined;
    for (const turn of scenario.turns) {
      modelServer.startTurn({
        beforeRequest:
          turn.beforeModelRequest === undefined
            ? undefined
            : (index) => turn.beforeModelRequest!(index, database),
        answer:
          persona === undefined
            ? undefined
            : (body) =>
                persona.answer(viewConversation(body), {
                  plan: turn.plan,
                  scenario,
                }),
      });
      const played = await postChatTurn(app, agent.token, {
        message: turn.message,
        ...(chatId === undefined ? {} : { chatId }),
        ...(turn.pageId === undefined ? {} : { pageId: turn.pageId }),
      });
      if (played.chatId !== '') chatId = played.chatId;
      options.onTurnRequests?.(modelServer.requests);
      if (played.chunks.length > 0)
        turns.push(turnFigures(modelServer.requests, played.chunks));
      if (played.failure !== undefined) {
        error = played.failure;
        break;
      }
    }
    const verdict = await scenario.check({
      ...database,
      chatId: chatId ?? '',
      turns,
      externalCalls: tracker.calls.slice(trackerCallsBefore),
    });
    // A run that ended in an error (provider, stream, host) completed nothing, whatever the
    // database looks like: a check that only looks for the absence of a wrong act would pass.
    const check =
      error === undefined
        ? verdict
        : {
            passed: false,
            detail: `the run errored, so it is not counted as completed: ${error}`,
          };
    return {
      ...base,
      check,
      figures: turns.reduce(addFigures, NO_FIGURES),
      ...(error === undefined ? {} : { error }),
    };
  } finally {
    await app?.close();
    databases.release(handle);
  }
}
