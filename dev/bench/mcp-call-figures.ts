import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { loadAppConfig } from '../../host/config/app-config';
import { createApp } from '../../host/create-app';
import { SEED_IDS } from '../../host/seed/seed-ids';
import { createKysely, type DatabaseDriver } from '../../src/database';
import { summarizeLatencies, type LatencySummary } from './latency';

export interface McpCallFigures {
  /** One `get_outline` over `POST /mcp` of the reference host, from the client's call to its result. */
  readonly call: LatencySummary;
  /** Statements the host's pool ran per measured call (the comment signal's count pool not included). */
  readonly statementsPerCall: number;
  /** Of those, statements on the MCP session table (finding the session, writing the signal's state back). */
  readonly sessionStatementsPerCall: number;
  /** Each of those statements as the host's pool timed it (the round trip a call adds); absent when there were none. */
  readonly sessionStatement?: LatencySummary;
}

export interface MeasureMcpCallsOptions {
  readonly url: string;
  readonly driver: DatabaseDriver;
  readonly ownerToken: string;
  readonly runs: number;
  /** The comment signal's debounce; default the host's (20 s). */
  readonly commentSignalDebounceMs?: number;
}

/**
 * MCP tool calls through the whole reference host on one instance (`createApp`, listening on a
 * loopback port, an SDK client over Streamable HTTP): what a session's tool call costs end to
 * end, and how many statements the host sends for it.
 */
export async function measureMcpCalls(
  options: MeasureMcpCallsOptions,
): Promise<McpCallFigures> {
  let statements = 0;
  let sessionStatements = 0;
  let sessionStatementMs: number[] = [];
  const db = createKysely({
    connectionString: options.url,
    driver: options.driver,
    max: 10,
    log: (event) => {
      statements += 1;
      if (!/ai_tools_mcp_sessions/.test(event.query.sql)) return;
      sessionStatements += 1;
      sessionStatementMs.push(event.queryDurationMillis);
    },
  });
  const config = {
    ...loadAppConfig({
      PORT: '0',
      AI_COMMENT_SIGNAL_DEBOUNCE_MS: String(
        options.commentSignalDebounceMs ?? 20_000,
      ),
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
      client.callTool({
        name: 'get_outline',
        arguments: { pageId: SEED_IDS.pages.roadmap },
      });
    for (let warmUp = 0; warmUp < 20; warmUp++) await call();
    const samples: number[] = [];
    const statementsBefore = statements;
    const sessionStatementsBefore = sessionStatements;
    sessionStatementMs = [];
    for (let run = 0; run < options.runs; run++) {
      const startedAt = performance.now();
      await call();
      samples.push(performance.now() - startedAt);
    }
    const perCall = (count: number) =>
      Math.round((count / options.runs) * 1000) / 1000;
    return {
      call: summarizeLatencies(samples),
      statementsPerCall: perCall(statements - statementsBefore),
      sessionStatementsPerCall: perCall(
        sessionStatements - sessionStatementsBefore,
      ),
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
