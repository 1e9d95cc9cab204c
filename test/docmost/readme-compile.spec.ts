/**
 * A README line that no longer compiles in Docmost fails the run, and the failure names it. The
 * chat service as the mount writes it (chat-service-mount.ts) is type-checked in the mounted
 * server's own TypeScript project, with Docmost's own compiler: once from the README as it is,
 * once with its `modelId` line as it was before it was fixed for Docmost (`model` is a
 * `LanguageModel` there, which may be a string, so `model.modelId` is TS2339).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as TypeScript from 'typescript';
import { escapeRegExp } from '../../src/ground';
import { CHAT_SERVICE, mountChatService } from './chat-service-mount';
import { preparedDocmost } from './docmost-checks';
import { explainCompilerErrors } from './generated-source';
import { CHECKOUT_ROOT } from './prepare-docmost';
import { readmeBlocks } from './readme-blocks';

const prepared = preparedDocmost();
const server = prepared.mountedServerDirectory;
const README = join(CHECKOUT_ROOT, 'README.md');
const FIXED_LINE =
  "modelId: typeof model === 'string' ? model : model.modelId,";
const UNFIXED_LINE = 'modelId: model.modelId,';

/** Docmost's own TypeScript, the one its `nest build` compiles with. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const ts = require(
  require.resolve('typescript', { paths: [server] }),
) as typeof TypeScript;

/**
 * The names the installed package exports, read by Node itself: jest's module loader cannot
 * load the package's ES-module-only dependencies (uuid 14) that Node 20.19+ requires natively.
 */
const packageExports = new Set(
  JSON.parse(
    execFileSync(
      process.execPath,
      [
        '-e',
        'process.stdout.write(JSON.stringify(Object.keys(require(process.argv[1]))))',
        join(server, 'node_modules', 'docmost-ai-tools'),
      ],
      { encoding: 'utf8' },
    ),
  ) as string[],
);

/** The README's chat-service lines placed in Docmost's own ai-chat.service.ts. */
function mountedChatService(readmeFile: string) {
  return mountChatService({
    docmostText: readFileSync(
      join(prepared.plainServerDirectory, CHAT_SERVICE),
      'utf8',
    ),
    block: readmeBlocks(readmeFile, '### The chat service')[0],
    serverSource: join(server, 'src'),
    packageExports,
  }).source;
}

/**
 * Type errors in the one file, as `nest build` prints them (`src/…:line:column - error TS…:`),
 * checked in the mounted server's tsconfig with the file's text given in memory: the mounted
 * server on disk is what the other checks run, and stays as built.
 */
function compilerErrors(path: string, text: string): string {
  const configFile = ts.findConfigFile(server, ts.sys.fileExists)!;
  const config = ts.getParsedCommandLineOfConfigFile(
    configFile,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(
          `the mounted server's ${configFile} cannot be read: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`,
        );
      },
    },
  )!;
  const fileName = join(server, path);
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => (name === fileName ? text : readFile(name));
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, languageVersion, ...rest) =>
    name === fileName
      ? ts.createSourceFile(name, text, languageVersion, true)
      : getSourceFile(name, languageVersion, ...rest);
  const program = ts.createProgram({
    rootNames: [fileName],
    options: { ...config.options, noEmit: true },
    host,
  });
  const source = program.getSourceFile(fileName)!;
  return [
    ...program.getSyntacticDiagnostics(source),
    ...program.getSemanticDiagnostics(source),
  ]
    .map((diagnostic) => {
      const { line, character } = source.getLineAndCharacterOfPosition(
        diagnostic.start ?? 0,
      );
      const message = ts.flattenDiagnosticMessageText(
        diagnostic.messageText,
        '\n',
      );
      return `${path}:${line + 1}:${character + 1} - error TS${diagnostic.code}: ${message}`;
    })
    .join('\n');
}

describe("a README line that does not compile in Docmost's chat service", () => {
  test('the README as it is compiles there', () => {
    const source = mountedChatService(README);
    expect(compilerErrors(source.path, source.text)).toBe('');
  }, 120_000);

  test('its modelId line as it was before the fix fails, naming the README line and TS2339', () => {
    const readme = readFileSync(README, 'utf8');
    const lineNumber =
      readme.split('\n').findIndex((line) => line.includes(FIXED_LINE)) + 1;
    expect(lineNumber).toBeGreaterThan(0);
    const scratch = mkdtempSync(join(tmpdir(), 'docmost-readme-'));
    const unfixed = join(scratch, 'README.md');
    writeFileSync(unfixed, readme.replace(FIXED_LINE, UNFIXED_LINE));
    let source: ReturnType<typeof mountedChatService>;
    try {
      source = mountedChatService(unfixed);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
    const explained = explainCompilerErrors(
      compilerErrors(source.path, source.text),
      [source],
    );
    expect(explained).toEqual([
      expect.stringMatching(
        new RegExp(
          `^README\\.md line ${lineNumber}: ${escapeRegExp(UNFIXED_LINE)}[^\\n]*\\n    TS2339: Property 'modelId' does not exist`,
        ),
      ),
    ]);
  }, 120_000);
});
