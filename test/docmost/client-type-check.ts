/**
 * The type check of the README's client lines in Docmost's client: Docmost's own TypeScript and
 * `tsconfig.json` (the program its build's `tsc` makes, every file of it), and the diagnostics
 * of the one page the lines go into (client-mount.ts), which `tsc` would report for that page.
 * Docmost's other files are as Docmost ships them, so checking all of them again (`tsc`, four
 * times as long) would only repeat Docmost's own CI; the page's errors, a README line's among
 * them, are the same either way and fail the build naming the line (client-build.ts).
 *
 * Usage: node -r ts-node/register/transpile-only client-type-check.ts <client folder> <page>
 * prints the page's errors as `tsc --pretty` does and exits 1 when there are any.
 */
import { join } from 'node:path';
import type * as TypeScript from 'typescript';

export function typeCheckPage(
  clientDirectory: string,
  page: string,
): { readonly errors: number; readonly text: string } {
  // Docmost's client's own TypeScript, as its `tsc` is.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const ts = require(
    join(clientDirectory, 'node_modules', 'typescript'),
  ) as typeof TypeScript;
  const config = ts.getParsedCommandLineOfConfigFile(
    join(clientDirectory, 'tsconfig.json'),
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
    throw new Error(`no tsconfig.json in ${clientDirectory}`);
  const program = ts.createProgram({
    rootNames: config.fileNames,
    options: config.options,
    projectReferences: config.projectReferences,
  });
  const source = program.getSourceFile(join(clientDirectory, page));
  if (source === undefined)
    throw new Error(
      `${page} is not in the program of ${clientDirectory}/tsconfig.json`,
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
    getCurrentDirectory: () => clientDirectory,
    getNewLine: () => ts.sys.newLine,
  });
  return { errors: diagnostics.length, text };
}

if (require.main === module) {
  const [clientDirectory, page] = process.argv.slice(2);
  const { errors, text } = typeCheckPage(clientDirectory, page);
  process.stdout.write(text);
  if (errors > 0) {
    process.stdout.write(`Found ${errors} error(s) in ${page}.\n`);
    process.exitCode = 1;
  }
}
