import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  seedDemoWorkspace,
  type SeedResult,
} from '../../host/seed/seed-demo-workspace';
import {
  CORE_TOOL_NAMES,
  TOOL_DEFINITIONS,
} from '../../src/tools/tool-definitions';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';
import {
  createChatTestHost,
  createEchoRegistry,
  postChat,
  switchableModelFactory,
} from './support/chat-test-host';
import { LocalMcpServer } from './support/local-mcp-server';
import {
  createScriptedModel,
  sentSystem,
  sentToolNames,
  sentToolResults,
} from './support/scripted-model';

describe('external MCP servers in the chat', () => {
  let database: TestDatabase;
  let app: NestFastifyApplication;
  let mcp: LocalMcpServer;
  let seed: SeedResult;
  const models = switchableModelFactory();
  const warnings: string[] = [];
  const token = () => seed.users.find((user) => user.role === 'member')!.token;

  beforeAll(async () => {
    jest
      .spyOn(Logger.prototype, 'warn')
      .mockImplementation(
        (message: unknown) => void warnings.push(String(message)),
      );
    mcp = await LocalMcpServer.start();
    database = await createTestDatabase();
    seed = await seedDemoWorkspace(database.db);
    app = await createChatTestHost({
      db: database.db,
      registry: createEchoRegistry(),
      modelFactory: models.factory,
      ai: {
        maxSteps: 5,
        externalMcp: [
          { name: 'Web search', url: mcp.url, prefix: 'web' },
          // Nothing listens on the discard port: the server fails to connect.
          { name: 'Offline', url: 'http://127.0.0.1:9/mcp', prefix: 'down' },
        ],
      },
    });
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
    await mcp?.close();
    jest.restoreAllMocks();
  });

  async function setDeferredTools(enabled: boolean): Promise<void> {
    await database.db
      .updateTable('workspaces')
      .set({ settings: { ai: { deferredTools: enabled } } })
      .where('id', '=', seed.workspaceId)
      .execute();
  }

  it('lists the connected server in <mcp_tooling> and on one catalog line; its tools stay deferred', async () => {
    await setDeferredTools(true);
    const model = createScriptedModel([{ text: 'Hi.' }]);
    models.use(model);
    const response = await postChat(app, token(), { message: 'Hi' });
    expect(response.statusCode).toBe(200);

    expect(sentToolNames(model.doStreamCalls[0]!)).toEqual([
      ...CORE_TOOL_NAMES,
      'loadTools',
    ]);
    const system = sentSystem(model.doStreamCalls[0]!);
    expect(system).toContain(
      'External MCP server "Web search" (prefix web_):\n- web_search — Searches the web.\n- web_fetch_page — Fetches a URL and returns its text.',
    );
    const catalogLines = system
      .slice(system.indexOf('<tool_catalog'), system.indexOf('</tool_catalog>'))
      .trimEnd()
      .split('\n');
    expect(catalogLines.at(-1)).toBe(
      '- web_* (external MCP server "Web search") — see <mcp_tooling> for guidance; load individual tools by exact name: web_search, web_fetch_page',
    );
    expect(system).not.toContain('down_');
  });

  it('logs and skips a server that fails to connect', () => {
    expect(
      warnings.some((line) =>
        line.startsWith(
          'external MCP server "Offline" (http://127.0.0.1:9/mcp) is skipped:',
        ),
      ),
    ).toBe(true);
  });

  it('loads an external tool by exact name and calls it on the server', async () => {
    await setDeferredTools(true);
    const model = createScriptedModel([
      {
        toolCalls: [
          { toolName: 'loadTools', input: { names: ['web_search'] } },
        ],
      },
      {
        toolCalls: [
          {
            toolName: 'web_search',
            input: { query: 'docmost' },
            toolCallId: 'search-1',
          },
        ],
      },
      { text: 'Found 3.' },
    ]);
    models.use(model);
    await postChat(app, token(), { message: 'Search the web for docmost' });
    expect(sentToolNames(model.doStreamCalls[1]!).at(-1)).toBe('web_search');
    expect(
      sentToolResults(model.doStreamCalls[2]!).get('search-1')?.output,
    ).toEqual({ type: 'text', value: '3 results for docmost' });
    expect(mcp.calls).toContainEqual({
      name: 'search',
      arguments: { query: 'docmost' },
    });
  });

  it('repairs a direct call of an external tool and reports MCP errors as tool errors', async () => {
    await setDeferredTools(true);
    const model = createScriptedModel([
      {
        toolCalls: [
          {
            toolName: 'web_fetch_page',
            input: { url: 'https://example.com' },
            toolCallId: 'direct',
          },
        ],
      },
      {
        toolCalls: [
          {
            toolName: 'web_fetch_page',
            input: { url: 'https://example.com' },
            toolCallId: 'again',
          },
        ],
      },
    ]);
    models.use(model);
    await postChat(app, token(), { message: 'Fetch example.com' });
    expect(
      sentToolResults(model.doStreamCalls[1]!).get('direct')?.toolName,
    ).toBe('loadTools');
    expect(
      sentToolResults(model.doStreamCalls[2]!).get('again')?.output,
    ).toEqual({
      type: 'error-text',
      value: 'cannot fetch https://example.com: blocked',
    });
  });

  it('toggle OFF: external tools are active from the start, after the registry tools', async () => {
    await setDeferredTools(false);
    const model = createScriptedModel([{ text: 'Hi.' }]);
    models.use(model);
    await postChat(app, token(), { message: 'Hi' });
    expect(sentToolNames(model.doStreamCalls[0]!)).toEqual([
      ...TOOL_DEFINITIONS.map((spec) => spec.name),
      'web_search',
      'web_fetch_page',
    ]);
    expect(sentSystem(model.doStreamCalls[0]!)).toContain('<mcp_tooling');
    expect(sentSystem(model.doStreamCalls[0]!)).not.toContain('<tool_catalog');
  });
});
