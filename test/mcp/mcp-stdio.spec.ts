import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { seedDemoWorkspace } from '../../host/seed/seed-demo-workspace';
import { SEED_IDS } from '../../host/seed/seed-ids';
import { TOOL_DEFINITIONS } from '../../src/tools/tool-definitions';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';

type TextContent = { type: string; text: string };

/**
 * `npm run mcp:stdio` as an MCP client launches it: a subprocess speaking the protocol on
 * stdin/stdout, one session acting as the user whose token it was given.
 */
describe('the MCP server over stdio', () => {
  let database: TestDatabase;
  let memberToken: string;
  const stderr: string[] = [];

  function launch(
    environment: Record<string, string>,
    args: readonly string[] = [],
  ): StdioClientTransport {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [
        '-r',
        'ts-node/register/transpile-only',
        'host/scripts/mcp-stdio.ts',
        ...args,
      ],
      cwd: process.cwd(),
      env: {
        ...(process.env as Record<string, string>),
        DATABASE_URL: database.url,
        ...environment,
      },
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk: Buffer) =>
      stderr.push(chunk.toString()),
    );
    return transport;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    const seeded = await seedDemoWorkspace(database.db);
    memberToken = seeded.users.find(
      (user) => user.id === SEED_IDS.users.member,
    )!.token;
  });
  afterAll(async () => {
    await database.drop();
  });

  it("lists the 41 tools under their MCP names and runs them as the token's user", async () => {
    const client = new Client({ name: 'stdio-test', version: '1.0.0' });
    await client.connect(launch({ AI_TOOLS_TOKEN: memberToken }));
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(
        TOOL_DEFINITIONS.map((spec) => spec.mcpName),
      );

      const result = await client.callTool({
        name: 'list_spaces',
        arguments: {},
      });
      expect(result.isError).toBeFalsy();
      const text = (result.content as TextContent[])[0]!.text;
      // The member belongs to Product (through a group), not to Leadership.
      expect(text).toContain(SEED_IDS.spaces.product);
      expect(text).not.toContain(SEED_IDS.spaces.leadership);

      const hidden = await client.callTool({
        name: 'get_page',
        arguments: { pageId: SEED_IDS.pages.leadershipOverview },
      });
      expect(hidden.isError).toBe(true);
      expect((hidden.content as TextContent[])[0]!.text).toMatch(
        /not found or no access/,
      );
    } finally {
      await client.close();
    }
    expect(stderr.join('')).toContain('acting as member@acme.test');
  });

  it('refuses to start without a valid token, saying how to get one', async () => {
    const client = new Client({ name: 'stdio-test', version: '1.0.0' });
    stderr.length = 0;
    await expect(
      client.connect(launch({ AI_TOOLS_TOKEN: 'not-a-token' })),
    ).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(stderr.join('')).toMatch(/unknown API token/);
  });
});
