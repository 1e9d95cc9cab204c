import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { environmentWithoutConfiguration } from '../support/command-process';

export interface DocmostServerOptions {
  /** A built Docmost server (`dist/main.js` in it). */
  readonly serverDirectory: string;
  /** `node --require` preloads (the Node 20 polyfill). */
  readonly preloads: readonly string[];
  readonly databaseUrl: string;
  readonly redisUrl: string;
  /** The same for every instance of one deployment. */
  readonly appSecret: string;
  /** Docmost's image default; the fresh-install check needs it (Docmost migrates then only). */
  readonly nodeEnv?: 'production' | 'development';
  /** Collaboration in its own process (`collab-main`). */
  readonly collabUrl?: string;
  /** More variables (e.g. `COLLAB_DISABLE_REDIS`). */
  readonly env?: Readonly<Record<string, string>>;
  /** A name for the log file and error messages. */
  readonly name: string;
  /** The script to run, default `dist/main.js` (`dist/collaboration/server/collab-main.js`: collaboration alone). */
  readonly entry?: string;
  /** The port to listen on (collab-main's COLLAB_PORT); default a free one. */
  readonly port?: number;
  /** Default 240 s: a cold boot on a loaded 2-core machine is slow. */
  readonly bootTimeoutMs?: number;
}

export async function freePort(): Promise<number> {
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

/** A shared secret for one deployment's instances (Docmost wants 32 characters or more). */
export function newAppSecret(): string {
  return randomBytes(24).toString('hex');
}

const logDirectory = mkdtempSync(join(tmpdir(), 'docmost-checks-logs-'));

/** One Docmost server process (`node dist/main.js`), its output in a log file. */
export class DocmostServer {
  private output = '';
  private exited: { code: number | null; signal: string | null } | undefined;

  private constructor(
    readonly name: string,
    readonly port: number,
    readonly process: ChildProcess,
    readonly logFile: string,
  ) {
    const log = createWriteStream(logFile);
    const keep = (chunk: Buffer) => {
      this.output += chunk.toString('utf8');
      log.write(chunk);
    };
    process.stdout!.on('data', keep);
    process.stderr!.on('data', keep);
    process.once('exit', (code, signal) => {
      this.exited = { code, signal };
      log.end();
    });
  }

  /** `http://127.0.0.1:<port>`, Docmost's APP_URL. */
  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Everything the server printed so far. */
  get logs(): string {
    return this.output;
  }

  /** Starts the server and resolves once `/api/health` answers 200. */
  static async start(options: DocmostServerOptions): Promise<DocmostServer> {
    const port = options.port ?? (await freePort());
    mkdirSync(logDirectory, { recursive: true });
    const logFile = join(logDirectory, `${options.name}-${port}.log`);
    const child = spawn(
      process.execPath,
      [
        ...options.preloads.flatMap((preload) => ['--require', preload]),
        options.entry ?? 'dist/main.js',
      ],
      {
        cwd: options.serverDirectory,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...environmentWithoutConfiguration(),
          NODE_ENV: options.nodeEnv ?? 'production',
          DATABASE_URL: options.databaseUrl,
          REDIS_URL: options.redisUrl,
          APP_URL: `http://127.0.0.1:${port}`,
          APP_SECRET: options.appSecret,
          PORT: String(port),
          DISABLE_TELEMETRY: 'true',
          ...(options.collabUrl === undefined
            ? {}
            : { COLLAB_URL: options.collabUrl }),
          ...options.env,
        },
      },
    );
    const server = new DocmostServer(options.name, port, child, logFile);
    try {
      await server.waitForHealth(options.bootTimeoutMs ?? 240_000);
    } catch (error) {
      // A server that never became healthy is not left running behind the failed check.
      await server.stop();
      throw error;
    }
    return server;
  }

  private async waitForHealth(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.exited !== undefined)
        throw new Error(
          `Docmost ${this.name} exited before answering /api/health (code ${this.exited.code}, signal ${this.exited.signal}): ${this.firstErrors()}. Its log (${this.logFile}) ends:\n${this.tail()}`,
        );
      try {
        const response = await fetch(`${this.url}/api/health`);
        if (response.status === 200) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error(
      `Docmost ${this.name} did not answer /api/health within ${timeoutMs / 1000} s: ${this.firstErrors()}. Its log (${this.logFile}) ends:\n${this.tail()}`,
    );
  }

  /**
   * The first errors the server logged (the `msg` of Docmost's JSON log lines at level error),
   * so a failed boot's message starts with its cause.
   */
  firstErrors(count = 2): string {
    const errors: string[] = [];
    for (const line of this.output.split('\n')) {
      if (errors.length === count) break;
      try {
        const entry = JSON.parse(line) as { level?: string; msg?: string };
        if (entry.level === 'error' && entry.msg) errors.push(entry.msg);
      } catch {
        if (/^\w*Error\b/.test(line)) errors.push(line);
      }
    }
    return errors.length === 0 ? 'no error logged' : errors.join('; ');
  }

  /** The last lines of the log, for an error message. */
  tail(lines = 30): string {
    return this.output.trimEnd().split('\n').slice(-lines).join('\n');
  }

  /** SIGTERM, SIGKILL after 10 s; resolves once it exited. */
  async stop(): Promise<void> {
    if (this.exited !== undefined) return;
    const exited = new Promise<void>((resolve) =>
      this.process.once('exit', () => resolve()),
    );
    this.process.kill('SIGTERM');
    const timer = setTimeout(() => this.process.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
}
