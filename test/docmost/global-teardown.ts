/** Closes the checks' PostgreSQL process's stdin: it stops the cluster and exits. */
export default async function globalTeardown(): Promise<void> {
  const child = globalThis.__docmostChecksDatabase;
  if (child === undefined || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.stdin!.end();
  await exited;
}
