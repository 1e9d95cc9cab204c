/**
 * The mount, taken from the README's own code blocks and applied to Docmost's server:
 *
 * - `### The module`: its block is the mount module, a file of its own
 *   (`src/ai-tools-mount/ai-tools-mount.module.ts`) that Docmost's AppModule imports;
 * - `### The chat service`: its lines go into Docmost's `ai-chat.service.ts`
 *   (chat-service-mount.ts);
 * - `### The MCP server`: its lines are the POST handler of `/api/ai-tools-mcp`
 *   (mcp-mount.ts).
 *
 * What the README leaves to the reader (the imports of Docmost's own names, where the module is
 * imported, which of Docmost's variables the README's names are) is the glue: made here, in
 * one place, and printed. A README line that does not compile fails the build, and the error
 * names the README line.
 */
import { existsSync, readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { CHAT_SERVICE, mountChatService } from './chat-service-mount';
import { MCP_CONTROLLER, mountMcpController } from './mcp-mount';
import { freeNames, importStatements, resolveImports } from './docmost-imports';
import {
  docmostLines,
  explainCompilerErrors,
  GeneratedSource,
  glueLines,
  readmeSourceLines,
} from './generated-source';
import { readmeBlocks } from './readme-blocks';
import { runStep, say, StepFailure } from './run-step';

const MOUNT_MODULE = 'src/ai-tools-mount/ai-tools-mount.module.ts';
const APP_MODULE = 'src/app.module.ts';

/** The README's module block as a file of its own, with the imports it leaves to the reader. */
function mountModule(
  readmeFile: string,
  serverDirectory: string,
  packageExports: ReadonlySet<string>,
): { source: GeneratedSource; glue: string[]; className: string } {
  const [block] = readmeBlocks(readmeFile, '### The module');
  const code = block.lines.map((line) => line.text).join('\n');
  const className = /export class (\w+)/.exec(code)?.[1];
  if (className === undefined)
    throw new Error(
      `the README's module block (line ${block.lines[0].number}) exports no class for Docmost's AppModule to import`,
    );
  const imports = resolveImports({
    names: freeNames(code),
    serverSource: join(serverDirectory, 'src'),
    importingFile: join(serverDirectory, MOUNT_MODULE),
    packageExports,
  });
  return {
    className,
    source: new GeneratedSource(MOUNT_MODULE, [
      ...glueLines(
        "imports of the names the README's module block uses",
        ...importStatements(imports),
      ),
      ...readmeSourceLines(block.lines),
      { text: '', origin: { kind: 'glue', why: 'end of file' } },
    ]),
    glue: imports.map(
      (i) =>
        `${MOUNT_MODULE}: import ${i.name} from '${i.from}' (${i.because})`,
    ),
  };
}

/** Docmost's AppModule importing the mount's modules, as the last of its `imports`. */
function appModule(
  serverDirectory: string,
  modules: readonly { className: string; path: string }[],
): { source: GeneratedSource; glue: string[] } {
  const text = readFileSync(join(serverDirectory, APP_MODULE), 'utf8');
  const file = ts.createSourceFile(
    APP_MODULE,
    text,
    ts.ScriptTarget.Latest,
    true,
  );
  let closing: number | undefined;
  const visit = (node: ts.Node): void => {
    if (
      ts.isPropertyAssignment(node) &&
      ts.isIdentifier(node.name) &&
      node.name.text === 'imports' &&
      ts.isArrayLiteralExpression(node.initializer) &&
      closing === undefined
    )
      closing = file.getLineAndCharacterOfPosition(
        node.initializer.getEnd() - 1,
      ).line;
    ts.forEachChild(node, visit);
  };
  visit(file);
  if (closing === undefined)
    throw new Error(
      `Docmost's ${APP_MODULE} has no @Module({ imports: [ … ] }) to add the mount module to`,
    );
  const specifier = (path: string) =>
    `./${path.replace(/^src\//, '').replace(/\.ts$/, '')}`;
  const why = "Docmost imports the mount's modules";
  const lines = docmostLines(text);
  return {
    source: new GeneratedSource(APP_MODULE, [
      ...glueLines(
        why,
        ...modules.map(
          ({ className, path }) =>
            `import { ${className} } from '${specifier(path)}';`,
        ),
      ),
      ...lines.slice(0, closing),
      ...glueLines(why, ...modules.map(({ className }) => `    ${className},`)),
      ...lines.slice(closing),
    ]),
    glue: modules.map(
      ({ className, path }) =>
        `${APP_MODULE}: imports ${className} from '${specifier(path)}', last of its imports`,
    ),
  };
}

/**
 * Docmost's `nest-cli.json` with its output folder kept (`deleteOutDir: false`), as a file of
 * its own beside it for `nest build --config`: the server copy starts from the plain build's
 * `dist` and its `tsconfig.build.tsbuildinfo`, so Docmost's own `incremental: true` checks and
 * emits only what the mount changed and what depends on it. The checking is the same: a file
 * the mount touched, or one depending on it, is checked again; the others passed the plain build.
 * Returns the `--config` arguments, none when Docmost has no nest-cli.json.
 */
function keptOutputConfig(serverDirectory: string): string[] {
  const file = join(serverDirectory, 'nest-cli.json');
  if (!existsSync(file)) return [];
  const config = JSON.parse(readFileSync(file, 'utf8')) as {
    compilerOptions?: Record<string, unknown>;
  };
  config.compilerOptions = { ...config.compilerOptions, deleteOutDir: false };
  const kept = 'nest-cli.mounted.json';
  writeFileSync(
    join(serverDirectory, kept),
    `${JSON.stringify(config, null, 2)}\n`,
  );
  return ['--config', kept];
}

/**
 * Applies the mount to the server copy at `serverDirectory` (its `node_modules` already holding
 * the packed package, its `dist` the plain build's) and builds it with Docmost's `nest build`,
 * incrementally (keptOutputConfig). Returns the glue it printed.
 */
export async function buildMountedServer({
  serverDirectory,
  readmeFile,
  logFile,
}: {
  readonly serverDirectory: string;
  readonly readmeFile: string;
  readonly logFile: string;
}): Promise<string[]> {
  const packageExports = new Set(
    Object.keys(
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      require(
        join(serverDirectory, 'node_modules', 'docmost-ai-tools'),
      ) as object,
    ),
  );
  const moduleMount = mountModule(readmeFile, serverDirectory, packageExports);
  const mcp = mountMcpController({
    block: readmeBlocks(readmeFile, '### The MCP server')[0],
    serverSource: join(serverDirectory, 'src'),
    packageExports,
  });
  const app = appModule(serverDirectory, [
    { className: moduleMount.className, path: MOUNT_MODULE },
    { className: mcp.moduleName, path: MCP_CONTROLLER },
  ]);
  const chat = mountChatService({
    docmostText: readFileSync(join(serverDirectory, CHAT_SERVICE), 'utf8'),
    block: readmeBlocks(readmeFile, '### The chat service')[0],
    serverSource: join(serverDirectory, 'src'),
    packageExports,
  });
  const sources = [moduleMount.source, mcp.source, app.source, chat.source];
  for (const source of sources) {
    const path = join(serverDirectory, source.path);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, source.text);
  }
  const glue = [...moduleMount.glue, ...mcp.glue, ...app.glue, ...chat.glue];
  say("the mount, from the README's code blocks; its glue (not README lines):");
  for (const line of glue) say(`  glue: ${line}`);
  try {
    await runStep('building the mounted server (nest build, incremental)', {
      command: process.execPath,
      args: [
        join(
          serverDirectory,
          'node_modules',
          '@nestjs',
          'cli',
          'bin',
          'nest.js',
        ),
        'build',
        ...keptOutputConfig(serverDirectory),
      ],
      cwd: serverDirectory,
      logFile,
    });
  } catch (error) {
    if (!(error instanceof StepFailure)) throw error;
    const explained = explainCompilerErrors(error.output, sources);
    if (explained.length === 0) throw error;
    throw new Error(
      `the README's mount does not compile in this Docmost:\n${explained.map((line) => `  ${line}`).join('\n')}`,
      { cause: error },
    );
  }
  return glue;
}
