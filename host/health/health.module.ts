import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { DatabaseOutageLog } from './database-outage-log';
import { DatabaseUnavailableFilter } from './database-unavailable.filter';
import { HealthController } from './health.controller';

/** `/api/health`, and the 503 answer (with rate-limited logging) of every route while the database is down. */
@Module({
  controllers: [HealthController],
  providers: [
    { provide: DatabaseOutageLog, useFactory: () => new DatabaseOutageLog() },
    { provide: APP_FILTER, useClass: DatabaseUnavailableFilter },
  ],
})
export class HealthModule {}
