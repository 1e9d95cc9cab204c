import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { sql, type Kysely } from 'kysely';
import { loadAppConfig } from '../../host/config/app-config';
import { createApp } from '../../host/create-app';
import { SEED_IDS } from '../../host/seed/seed-ids';
import { createKysely, type DatabaseDriver, type DB } from '../../src/database';
import { summarizeLatencies, type LatencySummary } from './latency';

/** One kind of MCP tool call, measured through the whole reference host. */
export interface McpCallScenarioFigures {
  /** From the client's call to its result. */
  readonly call: LatencySummary;
  /** Statements the host's pool ran per measured call (the comment signal's own count pool not included). */
  readonly statementsPerCall: number;
  /**
   * Of those, statements of their own on the MCP session table (finding the session, writing the
   * signal's state back, claiming news in a statement of its own).
   */
  readonly sessionStatementsPerCall: number;
  /**
   * Comment counts on the host's pool that carried the session's state write and claim in their
   * own statement (0 when the counts run on the signal's own pool, as in the reference host).
   */
  readonly countsCarryingSessionPerCall: number;
  /** Measured calls whose result carried a comment signal. */
  readonly signalledCalls: number;
  /** Each statement of its own on the session table as the host's pool timed it; absent when there were none. */
  readonly sessionStatement?: LatencySummary;
}

export interface McpCallFigures extends McpCallScenarioFigures {
  /**
   * `get_outline` with the debounce at 0 and a new comment on the page before each call: every
   * call counts, finds news, claims it and reports it (the calls that change the session's state).
   */
  readonly withNews: McpCallScenarioFigures;
}

export interface MeasureMcpCallsOptions {
  readonly url: string;
  readonly driver: DatabaseDriver;
  readonly ownerToken: string;
  readonly runs: number;
  /** The comment signal's debounce of the first scenario; default the host's (20 s). */
  readonly commentSignalDebounceMs?: number;
}

const PAGE = SEED_IDS.pages.roadmap;

/**
 * MCP tool calls through the whole reference host on one instance (`createApp`, listening on a
 * loopback port, an SDK client over Streamable HTTP): what a session's tool call costs end to
 * end, and how many statements the host sends for it. Two scenarios: the same call over and
 * over (nothing in the session's state changes), and calls that each find a new comment.
 */
export async function measureMcpCalls(
  options: MeasureMcpCallsOptions,
): Promise<McpCallFigures> {
  const steady = await measureScenario(options, {
    debounceMs: options.commentSignalDebounceMs ?? 20_000,
    runs: options.runs,
  });
  const writer = createKysely({
    connectionString: options.url,
    driver: options.driver,
    max: 1,
  });
  try {
    const withNews = await measureScenario(options, {
      debounceMs: 0,
      runs: Math.max(20, Math.round(options.runs / 3)),
      // Another pool, as a person commenting in Docmost: not the host's statements.
      beforeEachCall: () => insertComment(writer),
    });
    return { ...steady, withNews };
  } finally {
    await writer.destroy();
  }
}

async function insertComment(db: Kysely<DB>): Promise<void> {
  await sql`
    insert into comments (content, page_id, space_id, workspace_id, creator_id, type)
    select '{"type":"doc","content":[]}'::jsonb, p.id, p.space_id, p.workspace_id, ${SEED_IDS.users.member}::uuid, 'inline'
    from pages p where p.id = ${PAGE}::uuid`.execute(db);
}

async function measureScenario(
  options: MeasureMcpCallsOptions,
  scenario: {
    readonly debounceMs: number;
    readonly runs: number;
    readonly beforeEachCall?: () => Promise<void>;
  },
): Promise<McpCallScenarioFigures> {
  let statements = 0;
  let sessionStatements = 0;
  let countsCarryingSession = 0;
  let sessionStatementMs: number[] = [];
  const db = createKysely({
    connectionString: options.url,
    driver: options.driver,
    max: 10,
    log: (event) => {
      statements += 1;
      const text = event.query.sql;
      if (!/ai_tools_mcp_sessions/.test(text)) return;
      if (/\bfrom comments\b/.test(text)) {
        countsCarryingSession += 1;
        return;
      }
      sessionStatements += 1;
      sessionStatementMs.push(event.queryDurationMillis);
    },
  });
  const config = {
    ...loadAppConfig({
      PORT: '0',
      AI_COMMENT_SIGNAL_DEBOUNCE_MS: String(scenario.debounceMs),
    }),
    databaseUrl: options.url,
  };
  const app = await createApp({
    db,
    config,
    logger: false,
    databaseUrl: options.url,
  });
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const client = new Client({ name: 'bench', version: '1.0.0' });
  try {
    await client.connect(
      new StreamableHTTPClientTransport(
        new URL(`http://127.0.0.1:${port}/mcp`),
        {
          requestInit: {
            headers: { Authorization: `Bearer ${options.ownerToken}` },
          },
        },
      ),
    );
    const call = () =>
      client.callTool({ name: 'get_outline', arguments: { pageId: PAGE } });
    for (let warmUp = 0; warmUp < 20; warmUp++) {
      await scenario.beforeEachCall?.();
      await call();
    }
    const samples: number[] = [];
    const before = { statements, sessionStatements, countsCarryingSession };
    sessionStatementMs = [];
    let signalledCalls = 0;
    for (let run = 0; run < scenario.runs; run++) {
      await scenario.beforeEachCall?.();
      const startedAt = performance.now();
      const result = await call();
      samples.push(performance.now() - startedAt);
      if (JSON.stringify(result.content).includes('[signal] new comments'))
        signalledCalls += 1;
    }
    const perCall = (count: number) =>
      Math.round((count / scenario.runs) * 1000) / 1000;
    return {
      call: summarizeLatencies(samples),
      statementsPerCall: perCall(statements - before.statements),
      sessionStatementsPerCall: perCall(
        sessionStatements - before.sessionStatements,
      ),
      countsCarryingSessionPerCall: perCall(
        countsCarryingSession - before.countsCarryingSession,
      ),
      signalledCalls,
      ...(sessionStatementMs.length === 0
        ? {}
        : { sessionStatement: summarizeLatencies(sessionStatementMs) }),
    };
  } finally {
    await client.close().catch(() => undefined);
    await app.close();
    await db.destroy();
  }
}
