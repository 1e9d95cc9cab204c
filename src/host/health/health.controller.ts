import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../database';
import { InjectKysely } from '../../database/kysely.token';
import { Public } from '../auth/public.decorator';

export interface HealthStatus {
  readonly status: 'ok' | 'error';
  readonly database: 'ok' | 'unreachable';
}

@Controller('health')
export class HealthController {
  constructor(@InjectKysely() private readonly db: Kysely<DB>) {}

  /** Liveness plus one round trip to PostgreSQL; 503 when the database does not answer. */
  @Public()
  @Get()
  async check(): Promise<HealthStatus> {
    try {
      await sql`select 1`.execute(this.db);
    } catch {
      throw new ServiceUnavailableException({ status: 'error', database: 'unreachable' } satisfies HealthStatus);
    }
    return { status: 'ok', database: 'ok' };
  }
}
