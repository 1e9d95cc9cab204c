import type { DynamicModule, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Kysely } from 'kysely';
import { AppModule } from '../../../src/app.module';
import { loadAppConfig, type AppConfig, type AiConfig } from '../../../src/config/app-config';
import type { DB } from '../../../src/database';

export interface TestHostOptions {
  readonly db: Kysely<DB>;
  /** Feature modules to mount next to the host's (until AppModule imports them itself). */
  readonly imports: readonly (Type<unknown> | DynamicModule)[];
  /** Overrides of `config.ai`; default: the environment-free defaults. */
  readonly ai?: Partial<AiConfig>;
}

/** The reference host (global KYSELY, APP_CONFIG, bearer guard) plus the given modules, `/api` prefixed. */
export async function createTestHost(options: TestHostOptions): Promise<{ app: NestFastifyApplication; config: AppConfig }> {
  const defaults = loadAppConfig({});
  const config: AppConfig = { ...defaults, ai: { ...defaults.ai, ...options.ai } };
  const app = await NestFactory.create<NestFastifyApplication>(
    { module: class TestHostModule {}, imports: [AppModule.forRoot({ db: options.db, config }), ...options.imports] },
    new FastifyAdapter(),
    { logger: false, abortOnError: false },
  );
  app.setGlobalPrefix('api', { exclude: ['mcp'] });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return { app, config };
}
