/**
 * `npm run mcp:stdio`: the MCP server over stdio, one session of one user, for MCP clients that
 * launch a server as a subprocess. The user's API token comes from AI_TOOLS_TOKEN (or
 * `--token <token>`; the environment keeps it out of the process list); the database from
 * DATABASE_URL (or the embedded one of a running `npm start`), DB_DRIVER as for the server.
 * stdout carries only the protocol: every log line goes to stderr.
 */
import 'reflect-metadata';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { loadAppConfig } from '../config/app-config';
import { StartupError } from '../../src';
import { fatalErrorLine } from '../startup/fatal-error-line';
import { openConfiguredDatabase } from '../startup/open-configured-database';
import { StderrLogger } from '../startup/stderr-logger';
import { createStdioMcpServer } from '../mcp/stdio-mcp-server';

const TOKEN_VARIABLE = 'AI_TOOLS_TOKEN';

function readToken(argv: readonly string[]): string {
  const [flag, value, ...rest] = argv;
  if (
    flag !== undefined &&
    (flag !== '--token' || value === undefined || rest.length > 0)
  ) {
    throw new StartupError(
      `unknown arguments ${argv.map((argument) => `"${argument.slice(0, 40)}"`).join(' ')}; the only option is --token <token>`,
      TOKEN_VARIABLE,
    );
  }
  const token = value ?? process.env[TOKEN_VARIABLE];
  if (token === undefined || token.trim() === '') {
    throw new StartupError(
      `no API token: set ${TOKEN_VARIABLE} to a user's token (npm run seed prints them), or pass --token <token>`,
      TOKEN_VARIABLE,
    );
  }
  return token.trim();
}

async function main(): Promise<void> {
  const token = readToken(process.argv.slice(2));
  const config = loadAppConfig();
  const database = await openConfiguredDatabase({
    config,
    whenEmbeddedRunning: 'reuse',
    log: (line) => process.stderr.write(`${line}\n`),
  });
  let closing = false;
  const stdio = await createStdioMcpServer({
    db: database.db,
    token,
    publicBaseUrl: config.publicBaseUrl,
    commentSignalDebounceMs: config.ai.commentSignalDebounceMs,
    logger: new StderrLogger({ logLevels: ['error', 'warn'] }),
  }).catch(async (error: unknown) => {
    await database.close().catch(() => undefined);
    throw error;
  });
  const shutdown = (): void => {
    if (closing) return;
    closing = true;
    void stdio
      .close()
      .then(() => database.close())
      .catch((error: unknown) =>
        process.stderr.write(`${fatalErrorLine(error)}\n`),
      )
      .finally(() => process.exit(0));
  };
  // The client ends the session by closing our stdin (or by signalling the process).
  process.stdin.on('end', shutdown);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, shutdown);
  }
  await stdio.connect(new StdioServerTransport());
  process.stderr.write(
    `docmost-ai-tools MCP over stdio: acting as ${stdio.user.email} (${database.description})\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${fatalErrorLine(error)}\n`);
  process.exit(1);
});
