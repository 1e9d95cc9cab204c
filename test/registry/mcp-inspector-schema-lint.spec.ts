import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { seedDemoWorkspace } from '../../host/seed/seed-demo-workspace';
import { SEED_IDS } from '../../host/seed/seed-ids';
import { TOOL_DEFINITIONS } from '../../src/tools/tool-definitions';
import {
  createTestDatabase,
  type TestDatabase,
} from '../support/test-database';

const run = promisify(execFile);

/** What `mcp-inspector --cli --format json --strict --method tools/list` prints on stdout. */
interface InspectorToolsList {
  readonly result: { readonly tools: readonly { readonly name: string }[] };
  /** Present only when the schema portability check found something. */
  readonly schemaFindings?: readonly {
    readonly toolName: string;
    readonly findings: readonly {
      readonly path: string;
      readonly issue: string;
    }[];
  }[];
}

/**
 * The MCP Inspector's CLI, a real MCP client, lists the tools of `npm run mcp:stdio` and runs its
 * schema portability check on every input schema (untyped `{}` schemas, `type` arrays, bare
 * booleans, remote `$ref`s). A client that maps tool schemas onto a stricter dialect rejects or
 * weakens what it flags, so the package's listing must come out clean.
 */
describe('the MCP listing in the MCP Inspector CLI', () => {
  let database: TestDatabase;
  let memberToken: string;

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

  it('lists all 41 tools with no schema portability finding, error or warning', async () => {
    const serverEnvironment = {
      DATABASE_URL: database.url,
      DB_DRIVER: process.env.DB_DRIVER ?? 'pg',
      AI_TOOLS_TOKEN: memberToken,
    };
    const { stdout, stderr } = await run(
      'node_modules/.bin/mcp-inspector',
      [
        '--cli',
        '--method',
        'tools/list',
        '--format',
        'json',
        '--strict',
        // Starting the server (ts-node) takes seconds; more on a busy machine.
        '--connect-timeout',
        '120000',
        '--cwd',
        process.cwd(),
        ...Object.entries(serverEnvironment).flatMap(([name, value]) => [
          '-e',
          `${name}=${value}`,
        ]),
        '--',
        process.execPath,
        '-r',
        'ts-node/register/transpile-only',
        'host/scripts/mcp-stdio.ts',
      ],
      { cwd: process.cwd(), maxBuffer: 16 * 1024 * 1024 },
    );
    const listed = JSON.parse(stdout) as InspectorToolsList;
    expect(listed.result.tools.map((tool) => tool.name)).toEqual(
      TOOL_DEFINITIONS.map((spec) => spec.mcpName),
    );
    expect(listed.schemaFindings ?? []).toEqual([]);
    // Without findings the check prints nothing; with any it writes them on stderr.
    expect(stderr).not.toMatch(/Warning:|Error:|Schema portability/);
  });
});
