import { join } from 'node:path';
import { type DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import type { Kysely } from 'kysely';
import type { AppConfig } from './config/app-config';
import { APP_CONFIG } from './config/app-config.token';
import type { DB } from '../src';
import { AiToolsModule } from '../src';
import { AuthModule } from './auth/auth.module';
import { BearerAuthGuard } from './auth/bearer-auth.guard';
import type { ChatModelFactory } from './chat/chat-model';
import { ChatModule } from './chat/chat.module';
import { HealthModule } from './health/health.module';
import { McpModule } from './mcp/mcp.module';
import {
  HOST_REDIS,
  HostRedisLifecycle,
  openHostRedis,
} from './redis/host-redis';
import { WebModule } from './web/web.module';
import { DocmostRoutesModule, HOST_DOCMOST, HostDocmost } from './docmost';
import {
  CollaborationGateway,
  HOST_COLLABORATION,
  HostCollaboration,
} from './collaboration';

export interface AppModuleOptions {
  /** The open database; the caller owns it and closes it after the app. */
  readonly db: Kysely<DB>;
  readonly config: AppConfig;
  /** The chat's language model; default: the OpenAI-compatible endpoint of `AI_*` (the demo passes a scripted one). */
  readonly chatModelFactory?: ChatModelFactory;
  /** The URL `db` connects to, for the comment signal's own count pool (see `CreateAppOptions`). */
  readonly databaseUrl?: string;
}

/**
 * The reference host: Docmost's side of the seam. Global, so feature modules inject
 * `APP_CONFIG`; `KYSELY` comes from the (global) AiToolsModule.
 */
@Module({})
export class AppModule {
  static forRoot(options: AppModuleOptions): DynamicModule {
    // Built before the module graph: the tools read and write open pages through it.
    const collaboration = new HostCollaboration({
      db: options.db,
      debounceMs: options.config.collaboration.debounceMs,
      maxDebounceMs: options.config.collaboration.maxDebounceMs,
      ...(options.config.redisUrl === undefined ||
      options.config.collaboration.disableRedis
        ? {}
        : { redisUrl: options.config.redisUrl }),
      ...(options.databaseUrl === undefined
        ? {}
        : {
            storeConnection: {
              connectionString: options.databaseUrl,
              driver: options.config.database.driver,
            },
          }),
    });
    // Docmost's services for comments, pages and shares, as the reference host imitates them:
    // its own routes and the agent's tools both write through them.
    const docmost = new HostDocmost(
      options.db,
      options.config.collaboration.disableRedis ? null : collaboration,
      join(options.config.dataDirectory, 'storage'),
    );
    const redis =
      options.config.redisUrl === undefined
        ? null
        : openHostRedis(options.config.redisUrl);
    return {
      module: AppModule,
      global: true,
      imports: [
        // Provides KYSELY (the same instance), the tool registry, the comment signal and the
        // settings routes, exactly as Docmost's server would import it.
        AiToolsModule.forRoot({
          db: options.db,
          publicBaseUrl: options.config.publicBaseUrl,
          collaboration: collaboration.pages,
          services: docmost.bind,
          deferredTools: { toolLoading: options.config.ai.toolLoading },
          // With REDIS_URL a user's tool calls are counted on every instance.
          callsPerUser: {
            ...options.config.ai.callsPerUser,
            ...(redis === null ? {} : { redis }),
          },
          commentSignal: {
            debounceMs: options.config.ai.commentSignalDebounceMs,
            ...(options.databaseUrl === undefined
              ? {}
              : {
                  countConnection: {
                    connectionString: options.databaseUrl,
                    driver: options.config.database.driver,
                  },
                }),
          },
        }),
        AuthModule,
        HealthModule,
        ChatModule.forRoot(
          options.chatModelFactory === undefined
            ? {}
            : { modelFactory: options.chatModelFactory },
        ),
        McpModule,
        WebModule,
        DocmostRoutesModule,
      ],
      providers: [
        { provide: APP_CONFIG, useValue: options.config },
        { provide: APP_GUARD, useClass: BearerAuthGuard },
        { provide: HOST_COLLABORATION, useValue: collaboration },
        { provide: HOST_DOCMOST, useValue: docmost },
        { provide: HOST_REDIS, useValue: redis },
        HostRedisLifecycle,
        CollaborationGateway,
      ],
      exports: [APP_CONFIG, HOST_COLLABORATION, HOST_DOCMOST],
    };
  }
}
