import { type DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import type { Kysely } from 'kysely';
import type { AppConfig } from './config/app-config';
import { APP_CONFIG } from './config/app-config.token';
import type { DB } from './database';
import { KYSELY } from './database/kysely.token';
import { AuthModule } from './host/auth/auth.module';
import { BearerAuthGuard } from './host/auth/bearer-auth.guard';
import { HealthModule } from './host/health/health.module';

export interface AppModuleOptions {
  /** The open database; the caller owns it and closes it after the app. */
  readonly db: Kysely<DB>;
  readonly config: AppConfig;
}

/**
 * The reference host. Global, so every imported feature module can inject `KYSELY` and
 * `APP_CONFIG` the way Docmost's modules inject its database.
 */
@Module({})
export class AppModule {
  static forRoot(options: AppModuleOptions): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [AuthModule, HealthModule],
      providers: [
        { provide: KYSELY, useValue: options.db },
        { provide: APP_CONFIG, useValue: options.config },
        { provide: APP_GUARD, useClass: BearerAuthGuard },
      ],
      exports: [KYSELY, APP_CONFIG],
    };
  }
}
