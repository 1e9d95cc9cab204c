/** Markdown this converter cannot read, with the 1-based line where the problem starts. */
export class MarkdownSyntaxError extends Error {
  override readonly name = 'MarkdownSyntaxError';

  constructor(
    /** 1-based line of the Markdown input; undefined when no line can be named. */
    readonly line: number | undefined,
    /** What is wrong and what is valid, without the line prefix. */
    readonly problem: string,
  ) {
    super(line === undefined ? problem : `line ${line}: ${problem}`);
  }
}
