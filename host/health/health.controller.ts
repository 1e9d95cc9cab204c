import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../src';
import { InjectKysely } from '../../src';
import { Public } from '../auth/public.decorator';
import { DatabaseOutageLog } from './database-outage-log';

export interface HealthStatus {
  readonly status: 'ok' | 'error';
  readonly database: 'ok' | 'down';
}

/**
 * Health answers within a second even when the database hangs (paused, or a full pool waiting
 * on it): a monitor must learn "down" quickly, not time out itself.
 */
export const HEALTH_DATABASE_TIMEOUT_MS = 800;

@Controller('health')
export class HealthController {
  constructor(
    @InjectKysely() private readonly db: Kysely<DB>,
    private readonly outages: DatabaseOutageLog,
  ) {}

  /** Liveness plus one round trip to PostgreSQL; 503 `database: "down"` when it does not answer in time. */
  @Public()
  @Get()
  async check(): Promise<HealthStatus> {
    let timer: NodeJS.Timeout | undefined;
    const probe = sql`select 1`.execute(this.db);
    // The probe may settle after the timeout; its late failure must not go unhandled.
    probe.catch(() => undefined);
    try {
      await Promise.race([
        probe,
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () =>
              reject(
                new Error(`no answer within ${HEALTH_DATABASE_TIMEOUT_MS} ms`),
              ),
            HEALTH_DATABASE_TIMEOUT_MS,
          );
        }),
      ]);
    } catch (error) {
      this.outages.failed(
        `health check: ${(error as Error).message.split('\n')[0]}`,
      );
      throw new ServiceUnavailableException({
        status: 'error',
        database: 'down',
      } satisfies HealthStatus);
    } finally {
      clearTimeout(timer);
    }
    this.outages.answered();
    return { status: 'ok', database: 'ok' };
  }
}
