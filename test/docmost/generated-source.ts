import type { ReadmeLine } from './readme-blocks';

/** Where a line of a file the mount writes comes from. */
export type LineOrigin =
  | { readonly kind: 'readme'; readonly line: ReadmeLine }
  | { readonly kind: 'glue'; readonly why: string }
  | { readonly kind: 'docmost'; readonly line: number };

export interface SourceLine {
  readonly text: string;
  readonly origin: LineOrigin;
}

export function docmostLines(text: string): SourceLine[] {
  return text.split('\n').map((line, index) => ({
    text: line,
    origin: { kind: 'docmost', line: index + 1 },
  }));
}

export function readmeSourceLines(lines: readonly ReadmeLine[]): SourceLine[] {
  return lines.map((line) => ({
    text: line.text,
    origin: { kind: 'readme', line },
  }));
}

export function glueLines(why: string, ...texts: string[]): SourceLine[] {
  return texts.map((text) => ({ text, origin: { kind: 'glue', why } }));
}

/**
 * A file the mount writes into Docmost's server, each line knowing where it came from, so that
 * a compiler error in it names the README line (or the glue, or Docmost's own line).
 */
export class GeneratedSource {
  constructor(
    /** Relative to the server's directory, as the compiler names it (`src/…`). */
    readonly path: string,
    readonly lines: readonly SourceLine[],
  ) {}

  get text(): string {
    return this.lines.map((line) => line.text).join('\n');
  }

  /** The origin of a line (from 1), as a sentence for an error message. */
  describe(lineNumber: number): string {
    const line = this.lines[lineNumber - 1];
    if (line === undefined) return `${this.path}:${lineNumber}`;
    const { origin } = line;
    if (origin.kind === 'readme')
      return `README.md line ${origin.line.number}: ${origin.line.text.trim()}`;
    if (origin.kind === 'glue')
      return `the mount's glue (${origin.why}), not a README line: ${line.text.trim()}`;
    return `Docmost's own ${this.path} line ${origin.line}: ${line.text.trim()}`;
  }
}

/**
 * Compiler errors (`src/x.ts:12:5 - error TS2339: …`, as `nest build` and `tsc` print them)
 * in the generated files, each named by its origin; errors elsewhere are kept as printed.
 */
export function explainCompilerErrors(
  output: string,
  files: readonly GeneratedSource[],
): string[] {
  // eslint-disable-next-line no-control-regex
  const plain = output.replace(/\u001b\[[0-9;]*m/g, '');
  const explained: string[] = [];
  const pattern =
    /^(\S+\.tsx?)[:(](\d+)[:,](\d+)\)?:? - error (TS\d+): (.*)$/gm;
  for (const match of plain.matchAll(pattern)) {
    const [, path, line, column, code, message] = match;
    const file = files.find(
      (candidate) =>
        path === candidate.path || path.endsWith(`/${candidate.path}`),
    );
    explained.push(
      file === undefined
        ? `${path}:${line}:${column} ${code}: ${message}`
        : `${file.describe(Number(line))}\n    ${code}: ${message} (${path}:${line}:${column})`,
    );
  }
  return explained;
}
