/**
 * The type check of a file the README's lines go into, in a Docmost project (its client or its
 * mounted server): Docmost's own TypeScript and `tsconfig.json` (the program its build's `tsc`
 * makes, every file of it), and the diagnostics of that one file, which `tsc` would report for
 * it. Docmost's other files are as Docmost ships them, so checking all of them again (`tsc`, four
 * times as long) would only repeat Docmost's own CI; the file's errors, a README line's among
 * them, are the same either way and fail the build naming the line (client-build.ts,
 * readme-compile.spec.ts). `content`, when given, stands for the file's content on disk.
 *
 * Usage: node -r ts-node/register/transpile-only type-check-file.ts <project folder> <file>
 * prints the file's errors as `tsc --pretty` does and exits 1 when there are any.
 */
import { join } from 'node:path';
import type * as TypeScript from 'typescript';

export function typeCheckFile(
  projectDirectory: string,
  file: string,
  content?: string,
): { readonly errors: number; readonly text: string } {
  // The project's own TypeScript, as its `tsc` is.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const ts = require(
    join(projectDirectory, 'node_modules', 'typescript'),
  ) as typeof TypeScript;
  const config = ts.getParsedCommandLineOfConfigFile(
    join(projectDirectory, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(
          ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
        );
      },
    },
  );
  if (config === undefined)
    throw new Error(`no tsconfig.json in ${projectDirectory}`);
  const fileName = join(projectDirectory, file);
  const host = ts.createCompilerHost(config.options);
  if (content !== undefined) {
    const readFile = host.readFile.bind(host);
    host.readFile = (name) => (name === fileName ? content : readFile(name));
    const getSourceFile = host.getSourceFile.bind(host);
    host.getSourceFile = (name, languageVersion, ...rest) =>
      name === fileName
        ? ts.createSourceFile(name, content, languageVersion, true)
        : getSourceFile(name, languageVersion, ...rest);
  }
  const program = ts.createProgram({
    rootNames: config.fileNames,
    options: config.options,
    projectReferences: config.projectReferences,
    host,
  });
  const source = program.getSourceFile(fileName);
  if (source === undefined)
    throw new Error(
      `${file} is not in the program of ${projectDirectory}/tsconfig.json`,
    );
  const diagnostics = [
    ...config.errors,
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...program.getSyntacticDiagnostics(source),
    ...program.getSemanticDiagnostics(source),
  ];
  const text = ts.formatDiagnosticsWithColorAndContext(diagnostics, {
    getCanonicalFileName: (path) => path,
    getCurrentDirectory: () => projectDirectory,
    getNewLine: () => ts.sys.newLine,
  });
  return { errors: diagnostics.length, text };
}

if (require.main === module) {
  const [projectDirectory, file] = process.argv.slice(2);
  const { errors, text } = typeCheckFile(projectDirectory, file);
  process.stdout.write(text);
  if (errors > 0) {
    process.stdout.write(`Found ${errors} error(s) in ${file}.\n`);
    process.exitCode = 1;
  }
}
