import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A real `redis-server` (Debian's package, or `REDIS_SERVER_PATH`) on a free loopback port. */
export interface RedisServerUnderTest {
  /** `redis://127.0.0.1:<port>`. */
  readonly url: string;
  readonly port: number;
  readonly process: ChildProcess;
  /** SIGTERM, then waits for the exit; removes its working directory. */
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts redis-server without persistence and resolves once it accepts connections (its
 * "Ready to accept connections" line), so a test never sleeps on a guess.
 */
export async function startRedisServer({
  startupTimeoutMs = 10_000,
}: { readonly startupTimeoutMs?: number } = {}): Promise<RedisServerUnderTest> {
  const port = await freePort();
  const directory = mkdtempSync(join(tmpdir(), 'redis-under-test-'));
  const executable = process.env.REDIS_SERVER_PATH ?? 'redis-server';
  const child = spawn(
    executable,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      directory,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(
          `redis-server did not start in ${startupTimeoutMs} ms:\n${output}`,
        ),
      );
    }, startupTimeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(
        new Error(
          `${executable} could not be started (${error.message}); install Debian's redis-server or set REDIS_SERVER_PATH`,
        ),
      );
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(
        new Error(
          `redis-server exited with ${code} before it was ready:\n${output}`,
        ),
      );
    });
  });
  child.stdout!.resume();
  child.stderr!.resume();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    process: child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
