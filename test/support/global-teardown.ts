/** Closes the test cluster's stdin: it drops the templates, stops PostgreSQL and exits. */
export default async function globalTeardown(): Promise<void> {
  const child = globalThis.__aiToolsTestCluster;
  if (child === undefined || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.stdin!.end();
  await exited;
}
