import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  startRedisServer,
  type RedisServerUnderTest,
} from '../support/redis-server';
import { AUDIT_RECORD_FILE } from './audit-recording';
import { migratedDatabase, preparedDocmost } from './docmost-checks';
import { DocmostServer, freePort, newAppSecret } from './docmost-process';

/**
 * One Docmost deployment for the checks: a database Docmost migrated (its own server as it comes
 * booted on an empty database, as an existing Docmost is before the module is mounted; once per
 * run, each deployment a copy: `migratedDatabase`), one redis-server, and N instances of the mounted server on them, started one after the other, each
 * recording its audit events to the deployment's file. `useCollaborationProcess` then moves the
 * deployment to Docmost's `collab-main` as its own process, the API instance told `COLLAB_URL`.
 */
export interface DeploymentOptions {
  readonly label: string;
  readonly instances: number;
  /** More variables for every process. */
  readonly env?: Readonly<Record<string, string>>;
}

interface Common {
  readonly preloads: readonly string[];
  readonly databaseUrl: string;
  readonly redisUrl: string;
  readonly appSecret: string;
  readonly env: Readonly<Record<string, string>>;
}

export class Deployment {
  private running: DocmostServer[];
  private collab: DocmostServer | undefined;

  private constructor(
    private readonly label: string,
    private readonly common: Common,
    readonly redis: RedisServerUnderTest,
    readonly auditFile: string,
    instances: DocmostServer[],
  ) {
    this.running = instances;
  }

  get databaseUrl(): string {
    return this.common.databaseUrl;
  }

  static async start(options: DeploymentOptions): Promise<Deployment> {
    const prepared = preparedDocmost();
    const redis = await startRedisServer();
    const auditFile = join(
      mkdtempSync(join(tmpdir(), 'docmost-audit-')),
      'audit.jsonl',
    );
    const appSecret = newAppSecret();
    let databaseUrl: string;
    try {
      databaseUrl = await migratedDatabase(options.label, async (empty) => {
        const plain = await DocmostServer.start({
          name: `${options.label}-migrate`,
          serverDirectory: prepared.plainServerDirectory,
          preloads: prepared.preloads,
          databaseUrl: empty,
          redisUrl: redis.url,
          appSecret,
        });
        await plain.stop();
      });
    } catch (error) {
      await redis.stop();
      throw error;
    }
    const deployment = new Deployment(
      options.label,
      {
        preloads: prepared.preloads,
        databaseUrl,
        redisUrl: redis.url,
        appSecret,
        env: { ...options.env, [AUDIT_RECORD_FILE]: auditFile },
      },
      redis,
      auditFile,
      [],
    );
    try {
      for (let index = 0; index < options.instances; index++)
        deployment.running.push(await deployment.mounted(index));
      return deployment;
    } catch (error) {
      await deployment.stop();
      throw error;
    }
  }

  private mounted(index: number, collabUrl?: string): Promise<DocmostServer> {
    return DocmostServer.start({
      ...this.common,
      name: `${this.label}-${String.fromCharCode(97 + index)}${collabUrl ? '-collab-url' : ''}`,
      serverDirectory: preparedDocmost().mountedServerDirectory,
      collabUrl,
    });
  }

  /** One more instance of Docmost as it comes (no mount) on the same database and Redis. */
  plainInstance(): Promise<DocmostServer> {
    return DocmostServer.start({
      ...this.common,
      name: `${this.label}-plain`,
      serverDirectory: preparedDocmost().plainServerDirectory,
    }).then((server) => {
      this.running.push(server);
      return server;
    });
  }

  /** The instances, in the order they started. */
  get instances(): readonly DocmostServer[] {
    return this.running;
  }

  get a(): DocmostServer {
    return this.running[0];
  }

  get b(): DocmostServer {
    return this.running[1];
  }

  /** Docmost's `collab-main`, once `useCollaborationProcess` started it. */
  get collaboration(): DocmostServer | undefined {
    return this.collab;
  }

  /**
   * Stops the instances, starts Docmost's `collab-main` (the mounted build's, as the image runs
   * it) and one API instance with `COLLAB_URL` pointing there, on the same database and Redis.
   */
  async useCollaborationProcess(): Promise<void> {
    await Promise.all(this.running.splice(0).map((server) => server.stop()));
    const port = await freePort();
    this.collab = await DocmostServer.start({
      ...this.common,
      name: `${this.label}-collab-main`,
      serverDirectory: preparedDocmost().mountedServerDirectory,
      entry: 'dist/collaboration/server/collab-main.js',
      port,
      env: { ...this.common.env, COLLAB_PORT: String(port) },
    });
    this.running.push(await this.mounted(0, this.collab.url));
  }

  async stop(): Promise<void> {
    await Promise.all(
      [...this.running.splice(0), ...(this.collab ? [this.collab] : [])].map(
        (server) => server.stop(),
      ),
    );
    this.collab = undefined;
    await this.redis.stop();
  }
}
