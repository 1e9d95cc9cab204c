import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationShutdown,
} from '@nestjs/common';
import Redis from 'ioredis';

/** Nest token of the host's Redis client (`REDIS_URL`), or null for a single instance. */
export const HOST_REDIS = Symbol('HOST_REDIS');

/**
 * The reference host's one Redis connection, as Docmost's server has one: what makes this
 * server one instance of several (the per-user tool-call limits count across all of them).
 * Connection errors are logged once per outage rather than per retry; commands fail after one
 * retry, so a Redis outage shows as a quick fallback, never as requests that hang.
 */
export function openHostRedis(url: string): Redis {
  const logger = new Logger('Redis');
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    logger.warn(
      `Redis at ${new URL(url).host} is unreachable: ${error.message}`,
    );
  });
  redis.on('ready', () => {
    if (down) logger.log('Redis is reachable again');
    down = false;
  });
  return redis;
}

/** Closes the host's Redis connection with the application. */
@Injectable()
export class HostRedisLifecycle implements OnApplicationShutdown {
  constructor(@Inject(HOST_REDIS) private readonly redis: Redis | null) {}

  async onApplicationShutdown(): Promise<void> {
    if (this.redis === null) return;
    await this.redis.quit().catch(() => this.redis?.disconnect());
  }
}
