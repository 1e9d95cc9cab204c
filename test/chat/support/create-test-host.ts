import { Module, type DynamicModule, type Type } from '@nestjs/common';
import { APP_GUARD, NestFactory } from '@nestjs/core';
import {
  FastifyAdapter,
  type NestFastifyApplication,
} from '@nestjs/platform-fastify';
import type { Kysely } from 'kysely';
import {
  loadAppConfig,
  type AppConfig,
  type AiConfig,
} from '../../../host/config/app-config';
import { APP_CONFIG } from '../../../host/config/app-config.token';
import type { DB } from '../../../src/database';
import { KYSELY } from '../../../src/database/kysely.token';
import { BearerAuthGuard } from '../../../host/auth/bearer-auth.guard';

export interface TestHostOptions {
  readonly db: Kysely<DB>;
  /** Feature modules to mount next to the host's (until AppModule imports them itself). */
  readonly imports: readonly (Type<unknown> | DynamicModule)[];
  /** Overrides of `config.ai`; default: the environment-free defaults. */
  readonly ai?: Partial<AiConfig>;
}

@Module({})
class TestGlobalsModule {
  static forRoot(db: Kysely<DB>, config: AppConfig): DynamicModule {
    return {
      module: TestGlobalsModule,
      global: true,
      providers: [
        { provide: KYSELY, useValue: db },
        { provide: APP_CONFIG, useValue: config },
        { provide: APP_GUARD, useClass: BearerAuthGuard },
      ],
      exports: [KYSELY, APP_CONFIG],
    };
  }
}

/**
 * What the reference host gives every feature module (global KYSELY and APP_CONFIG, the bearer
 * guard, the `/api` prefix) plus the given modules only. Independent of what AppModule wires,
 * so a spec can mount the chat with its own model and registry without a second chat route.
 */
export async function createTestHost(
  options: TestHostOptions,
): Promise<{ app: NestFastifyApplication; config: AppConfig }> {
  const defaults = loadAppConfig({});
  const config: AppConfig = {
    ...defaults,
    ai: { ...defaults.ai, ...options.ai },
  };
  const app = await NestFactory.create<NestFastifyApplication>(
    {
      module: class TestHostModule {},
      imports: [
        TestGlobalsModule.forRoot(options.db, config),
        ...options.imports,
      ],
    },
    new FastifyAdapter(),
    { logger: false, abortOnError: false },
  );
  app.setGlobalPrefix('api', { exclude: ['mcp'] });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return { app, config };
}
