import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../src/database';
import {
  TurnStatsService,
  type TurnStatsGroup,
  type TurnStatsSummary,
} from '../../src/stats';
import { postAsUser } from '../host-chat/host-requests';
import { DemoError } from './demo-error';

/** One demo turn's row of `ai_tools_turn_stats`, as the module recorded it. */
export interface RecordedTurnFigures {
  readonly chatId: string;
  readonly steps: number;
  readonly toolTokensSent: number;
  readonly toolTokensAllActive: number;
  readonly loadToolsCalls: number;
  readonly loadedTools: readonly string[];
  readonly unknownNames: number;
  readonly recoveredCalls: number;
  readonly reachedStepLimit: boolean;
  readonly signalLines: number;
  readonly signalsFollowed: number;
}

/** What the demo's own turns left: their rows, and the admin route's group they fall in. */
export interface RecordedFigures {
  readonly turns: readonly RecordedTurnFigures[];
  /** `POST /api/ai-tools/stats` as the owner: the last 7 days of the demo's model, deferred ON. */
  readonly adminGroup: TurnStatsGroup | undefined;
  readonly modelId: string;
}

/**
 * Waits for the module to write the turns' rows (they are written after each turn), reads
 * the rows of the demo's chats and asks the admin route as the owner.
 */
export async function readRecordedFigures(
  app: NestFastifyApplication,
  db: Kysely<DB>,
  chatIds: readonly string[],
  ownerToken: string,
): Promise<RecordedFigures> {
  await app.get(TurnStatsService).settled();
  const { rows } = await sql<
    RecordedTurnFigures & { modelId: string; loadedTools: unknown }
  >`
    select chat_id as "chatId", model_id as "modelId", steps as "steps",
      tool_tokens_sent as "toolTokensSent", tool_tokens_all_active as "toolTokensAllActive",
      load_tools_calls as "loadToolsCalls", loaded_tools as "loadedTools",
      unknown_names as "unknownNames", recovered_calls as "recoveredCalls",
      reached_step_limit as "reachedStepLimit", signal_lines as "signalLines",
      signals_followed as "signalsFollowed"
    from ai_tools_turn_stats
    where chat_id in (${sql.join(chatIds.map((id) => sql`${id}::uuid`))})
    order by id`.execute(db);
  const turns = chatIds.map((chatId) => {
    const row = rows.find((candidate) => candidate.chatId === chatId);
    if (row === undefined)
      throw new DemoError(`the module recorded no figures for chat ${chatId}`);
    return {
      ...row,
      loadedTools: (typeof row.loadedTools === 'string'
        ? JSON.parse(row.loadedTools)
        : row.loadedTools) as string[],
    };
  });
  const response = await postAsUser(app, ownerToken, '/api/ai-tools/stats', {});
  if (response.statusCode !== 200)
    throw new DemoError(
      `the admin route answered ${response.statusCode}: ${response.body}`,
    );
  const summary = response.json() as TurnStatsSummary;
  const modelId = rows[0]?.modelId ?? 'unknown';
  return {
    turns,
    modelId,
    adminGroup: summary.windows
      .find((window) => window.days === 7)
      ?.groups.find(
        (group) => group.modelId === modelId && group.deferredTools,
      ),
  };
}

function percent(share: number | null): string {
  return share === null ? '–' : `${Math.round(share * 100)}%`;
}

/** The transcript's closing block: the figures an admin gets from the demo's turns. */
export function renderRecordedFigures(
  figures: RecordedFigures,
  turnTitles: readonly string[],
  rule: string,
): string[] {
  const head = [
    'turn',
    'steps',
    'tool tokens sent',
    'all active',
    'loadTools',
    'loaded',
    'unknown',
    'recovered',
    'step limit',
    'signals followed',
  ];
  const rows = figures.turns.map((turn, index) => [
    turnTitles[index] ?? turn.chatId,
    String(turn.steps),
    String(turn.toolTokensSent),
    String(turn.toolTokensAllActive),
    String(turn.loadToolsCalls),
    turn.loadedTools.join(', ') || '–',
    String(turn.unknownNames),
    String(turn.recoveredCalls),
    turn.reachedStepLimit ? 'yes' : 'no',
    `${turn.signalsFollowed} of ${turn.signalLines}`,
  ]);
  const widths = head.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const format = (row: readonly string[]) =>
    row
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd();
  const group = figures.adminGroup;
  return [
    '',
    'What the module recorded of these turns (ai_tools_turn_stats: counts and tool names, never content;',
    'tool tokens are its own estimate, UTF-8 bytes / 4, summed over the steps)',
    rule,
    format(head),
    ...rows.map(format),
    '',
    group === undefined
      ? `POST /api/ai-tools/stats (owner): no deferred turns of ${figures.modelId} in the last 7 days`
      : [
          `POST /api/ai-tools/stats (owner), last 7 days, ${group.modelId}, deferred tools ON: ${group.turns} turns,`,
          `  ${group.toolTokensPerStep.sent} tool tokens per step sent vs ${group.toolTokensPerStep.allActive} all active;`,
          `  loadTools in ${percent(group.loadToolsTurnShare)} of turns (most loaded: ${group.topLoadedTools.map((tool) => tool.name).join(', ') || '–'});`,
          `  unknown names in ${percent(group.unknownNames.turnShare)}, recovered calls in ${percent(group.recoveredCalls.turnShare)}, step limit in ${group.stepLimitTurns};`,
          `  signals: ${group.signals.followed} of ${group.signals.lines} followed by reading that page's comments.`,
        ].join('\n'),
  ];
}
