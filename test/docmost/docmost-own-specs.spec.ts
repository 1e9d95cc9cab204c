/**
 * Docmost's own specs of the code the mount changes, run by Docmost's own jest (its config in
 * its server's package.json, ts-jest) in the mounted server: `core/ai-chat` (whose chat service
 * carries the README's lines; two of its suites build the service by position with Docmost's
 * nine arguments) and `collaboration`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { environmentWithoutConfiguration } from '../support/command-process';
import { preparedDocmost, recordFigure } from './docmost-checks';

interface JestJson {
  readonly numTotalTestSuites: number;
  readonly numFailedTestSuites: number;
  readonly numTotalTests: number;
  readonly numFailedTests: number;
  readonly testResults: readonly {
    readonly name: string;
    readonly status: string;
    readonly message: string;
  }[];
}

/**
 * Docmost's jest transforms the ESM-only packages it knows (`uuid` among them) wherever pnpm puts
 * them (`node_modules/.pnpm/uuid@…`); the checks install the package's own dependencies in a
 * folder of its own (`node_modules/docmost-ai-tools/node_modules/uuid`, uuid 14 being ESM only),
 * which its patterns leave untransformed. The same patterns, told about that folder: an
 * adaptation to how the checks install the package, printed.
 */
function transformIgnorePatterns(serverDirectory: string): string[] {
  const manifest = JSON.parse(
    readFileSync(join(serverDirectory, 'package.json'), 'utf8'),
  ) as {
    jest?: { transformIgnorePatterns?: string[] };
  };
  return (manifest.jest?.transformIgnorePatterns ?? ['/node_modules/']).map(
    (pattern) =>
      pattern.replace(
        '/node_modules/(?!',
        '/node_modules/(?!docmost-ai-tools/node_modules/|',
      ),
  );
}

/** Runs Docmost's jest on `folders` (under its `src`) in `serverDirectory`; resolves with its JSON report. */
async function docmostJest(
  serverDirectory: string,
  folders: readonly string[],
): Promise<{ report: JestJson; seconds: number }> {
  const output = join(
    mkdtempSync(join(tmpdir(), 'docmost-jest-')),
    'results.json',
  );
  const started = Date.now();
  const log: string[] = [];
  const status = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        join(serverDirectory, 'node_modules', 'jest', 'bin', 'jest.js'),
        '--ci',
        '--json',
        '--outputFile',
        output,
        ...folders.map((folder) => `src/${folder}/`),
        // Last: an array option takes every argument after it.
        '--transformIgnorePatterns',
        ...transformIgnorePatterns(serverDirectory),
      ],
      {
        cwd: serverDirectory,
        env: { ...environmentWithoutConfiguration(), NODE_ENV: 'test' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stdout.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    child.once('error', reject);
    child.once('exit', resolve);
  });
  let report: JestJson;
  try {
    report = JSON.parse(readFileSync(output, 'utf8')) as JestJson;
  } catch {
    throw new Error(
      `Docmost's jest wrote no report (exit ${status}); its output ends:\n${log.join('').slice(-3000)}`,
    );
  }
  return { report, seconds: (Date.now() - started) / 1000 };
}

describe("Docmost's own specs with the mount applied", () => {
  it("core/ai-chat and collaboration pass, the chat service's positional suites among them", async () => {
    const server = preparedDocmost().mountedServerDirectory;
    // The mount is there: the chat service takes the module's turn service as its last parameter.
    expect(
      readFileSync(
        join(server, 'src', 'core', 'ai-chat', 'ai-chat.service.ts'),
        'utf8',
      ),
    ).toMatch(/@Optional\(\) private readonly aiChatTurn\?: AiChatTurnService/);
    process.stderr.write(
      "[docmost] adaptation: Docmost's jest transformIgnorePatterns also transform the package's own dependencies (installed under node_modules/docmost-ai-tools/node_modules, where pnpm would put them under .pnpm)\n",
    );
    const { report, seconds } = await docmostJest(server, [
      'core/ai-chat',
      'collaboration',
    ]);
    const failed = report.testResults
      .filter((suite) => suite.status !== 'passed')
      .map(
        (suite) =>
          `${suite.name.slice(server.length + 1)}: ${suite.message.slice(0, 800)}`,
      );
    expect(failed).toEqual([]);
    expect(report.numFailedTests).toBe(0);
    const names = report.testResults.map((suite) =>
      suite.name.slice(server.length + 1),
    );
    expect(names).toEqual(
      expect.arrayContaining([
        'src/core/ai-chat/ai-chat.role-resolve.spec.ts',
        'src/core/ai-chat/ai-chat.service.lifecycle.spec.ts',
        'src/core/ai-chat/ai-chat.service.spec.ts',
      ]),
    );
    expect(names.some((name) => name.startsWith('src/collaboration/'))).toBe(
      true,
    );
    recordFigure(
      "Docmost's own specs with the mount (core/ai-chat, collaboration)",
      `${report.numTotalTestSuites} suites, ${report.numTotalTests} tests, all passed, in ${Math.round(seconds)} s`,
    );
  });
});
